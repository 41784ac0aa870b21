import type { JsonObject } from '@app/contracts/http/conversation.types';
import { describe, expect, it } from '@jest/globals';
import { Marked } from 'marked';
import { citeExtension, numberCitations } from './cite-directive';
import { CitationNumbering, citationSourcesOf, referencesOf, withoutUnfinishedMarker } from './citations';

// An answer's citation markers resolved through the documents its steps found, numbered in the
// order the answer first cites them; a reference no step found shows nothing.

const found = (ref: string, title: string, sourceUrl: string | null): JsonObject => ({
  type: 'resource',
  resource: { mimeType: 'application/vnd.dust.tool-output.data-source-search-result', uri: sourceUrl ?? `dust://documents/${ref}`, ref, marker: `:cite[${ref}]`, title, sourceUrl },
});
const STEPS = [
  { output: [{ type: 'text', text: 'Found 3 document(s).' }, found('lea', 'Leave policy', 'https://example.com/leave'), found('exp', 'Expenses', null)] },
  { output: null },
  { output: [found('js', 'Trap', 'javascript:alert(1)'), found('lea', 'Leave policy (again)', 'https://example.com/other')] },
];
const SOURCES = citationSourcesOf(STEPS);

function render(text: string) {
  const markdown = new Marked({ extensions: [citeExtension] });
  const tokens = markdown.lexer(text);
  const cited = numberCitations(markdown, tokens, SOURCES);
  return { html: markdown.parser(tokens) as string, cited };
}

describe('citations in an answer', () => {
  it('resolves references to the documents the steps found, the first of a reference winning, http(s) addresses only', () => {
    expect([...SOURCES.values()]).toEqual([
      { ref: 'lea', title: 'Leave policy', url: 'https://example.com/leave' },
      { ref: 'exp', title: 'Expenses', url: null },
      { ref: 'js', title: 'Trap', url: null },
    ]);
  });

  it('numbers references in the order of their first citation', () => {
    const numbering = new CitationNumbering(SOURCES);
    expect(numbering.cite('exp')).toMatchObject({ ref: 'exp', number: 1 });
    expect(numbering.cite('nope')).toBeNull();
    expect(numbering.cite('lea')).toMatchObject({ ref: 'lea', number: 2 });
    expect(numbering.cite('exp')).toMatchObject({ number: 1 });
    expect(numbering.cited().map((source) => [source.number, source.ref])).toEqual([
      [1, 'exp'],
      [2, 'lea'],
    ]);
    expect(referencesOf(' lea, exp ,,')).toEqual(['lea', 'exp']);
  });

  it('renders markers as numbered links, unknown references as nothing, and never a raw marker', () => {
    const { html, cited } = render('Leave is 25 days :cite[lea]. Expenses :cite[exp, lea] and :cite[zzz].\n\n**Again** :cite[lea]');
    expect(html).not.toContain(':cite');
    expect(html).toContain('<sup><a href="https://example.com/leave" title="Leave policy" aria-label="[1] Leave policy">[1]</a></sup>.');
    expect(html).toContain('Expenses <sup title="Expenses">[2]</sup><sup><a href="https://example.com/leave"');
    expect(html).toContain(' and .');
    expect(html.match(/\[1\]<\/a>/g)).toHaveLength(3);
    expect(cited.map((source) => [source.number, source.title])).toEqual([
      [1, 'Leave policy'],
      [2, 'Expenses'],
    ]);
  });

  it('leaves a marker in code as code, and escapes what a title holds', () => {
    const markdown = new Marked({ extensions: [citeExtension] });
    const tokens = markdown.lexer('Write `:cite[lea]` to cite :cite[x].');
    const sources = new Map([['x', { ref: 'x', title: '"><img src=x onerror=alert(1)>', url: 'https://example.com/?a="b"' }]]);
    const cited = numberCitations(markdown, tokens, sources);
    const html = markdown.parser(tokens) as string;
    expect(html).toContain('<code>:cite[lea]</code>');
    expect(html).not.toContain('<img');
    expect(html).toContain('title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('href="https://example.com/?a=&quot;b&quot;"');
    expect(cited).toHaveLength(1);
  });

  it('hides a marker still being written at the end of a streamed text', () => {
    expect(withoutUnfinishedMarker('Twenty-five days :cite[le')).toBe('Twenty-five days ');
    expect(withoutUnfinishedMarker('Twenty-five days :cite[lea]')).toBe('Twenty-five days :cite[lea]');
    expect(withoutUnfinishedMarker('Steps:')).toBe('Steps:');
  });
});
