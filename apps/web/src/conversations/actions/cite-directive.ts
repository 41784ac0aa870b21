import type { Marked, Token, TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from '../html-text';
import { CitationNumbering, referencesOf, type CitationSources, type CitedSource } from './citations';

// The citation markers of an answer (`:cite[abc]`, `:cite[abc,def]`) as markdown of their own: the
// lexer makes each one a token (so a marker in code stays code), the tokens are numbered in the
// order they come, then each renders as superscript numbers linked to their documents. The HTML it
// writes goes through the same sanitizer as the rest of the answer.

const MARKER = /^:cite\[([^\]\n]*)\]/;

interface CiteToken extends Tokens.Generic {
  readonly type: 'cite';
  readonly references: readonly string[];
  /** Set when the answer's citations are numbered; a reference no step found is left out. */
  cited?: readonly CitedSource[];
}

/** The marked extension that reads and renders citation markers. */
export const citeExtension: TokenizerAndRendererExtension = {
  name: 'cite',
  level: 'inline',
  start(source) {
    const at = source.indexOf(':cite[');
    return at < 0 ? undefined : at;
  },
  tokenizer(source) {
    const found = MARKER.exec(source);
    if (found === null) return undefined;
    const token: CiteToken = { type: 'cite', raw: found[0], references: referencesOf(found[1]!) };
    return token;
  },
  renderer(token) {
    return isCite(token) ? (token.cited ?? []).map(citationHtml).join('') : false;
  },
};

/** Numbers the citation tokens of an answer in the order they come, and answers the documents cited, by number. */
export function numberCitations(markdown: Marked, tokens: Token[], sources: CitationSources): CitedSource[] {
  const numbering = new CitationNumbering(sources);
  markdown.walkTokens(tokens, (token) => {
    if (isCite(token)) token.cited = token.references.flatMap((reference) => numbering.cite(reference) ?? []);
  });
  return numbering.cited();
}

function isCite(token: Token): token is CiteToken {
  return token.type === 'cite' && Array.isArray((token as Partial<CiteToken>).references);
}

/** `[n]` in superscript: a link named by the document's title when it has an http(s) address, else the number alone. */
function citationHtml(source: CitedSource): string {
  const number = `[${source.number}]`;
  const title = escapeHtml(source.title);
  if (source.url === null) return `<sup title="${title}">${number}</sup>`;
  return `<sup><a href="${escapeHtml(source.url)}" title="${title}" aria-label="${escapeHtml(`${number} ${source.title}`)}">${number}</a></sup>`;
}
