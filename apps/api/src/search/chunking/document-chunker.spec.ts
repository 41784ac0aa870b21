import { countTokens } from 'gpt-tokenizer';
import { chunkDocument } from './document-chunker';
import type { DocumentSection } from './document-section';

const sentence = (i: number): string => `Sentence number ${i} talks about the wing of the aircraft.`;
const paragraph = (from: number, count: number): string =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');
const section = (prefix: string | null, content: string | null, sections: DocumentSection[] = []): DocumentSection => ({
  prefix,
  content,
  sections,
});

describe('chunkDocument', () => {
  it('keeps a short text whole, with its token count and a SHA-256 hash', () => {
    const [chunk, ...rest] = chunkDocument({ text: 'Hello world.' });
    expect(rest).toEqual([]);
    expect(chunk).toEqual({ index: 0, text: 'Hello world.', tokenCount: countTokens('Hello world.'), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('cuts a long text into chunks within the budget, between words, preferring sentence ends, with overlap', () => {
    const text = paragraph(0, 60);
    const chunks = chunkDocument({ text }, { maxTokens: 64, overlapTokens: 16 });
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, i) => i));
    for (const chunk of chunks) {
      // Counted word by word, the count is the tokenizer's count of the whole chunk.
      expect(chunk.tokenCount).toBe(countTokens(chunk.text));
      expect(chunk.tokenCount).toBeLessThanOrEqual(64);
      expect(text).toContain(chunk.text.trim());
    }
    // Cuts fall after a sentence, and each chunk starts with the end of the previous one.
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text).toMatch(/\.$/);
    for (let i = 1; i < chunks.length; i += 1) {
      const tail = chunks[i - 1].text.split(' ').slice(-3).join(' ');
      expect(chunks[i].text).toContain(tail);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (let i = 0; i < 60; i += 1) expect(chunks.some((chunk) => chunk.text.includes(sentence(i)))).toBe(true);
  });

  it('without overlap, consecutive chunks share no text and rebuild the original', () => {
    const text = paragraph(0, 30);
    const chunks = chunkDocument({ text }, { maxTokens: 50, overlapTokens: 0 });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
  });

  it('repeats section prefixes, outermost first, on every chunk cut from a section', () => {
    const doc = section('# Manual\n', null, [section('## Wings\n', paragraph(0, 20)), section('## Engines\n', 'Engines burn fuel.')]);
    const chunks = chunkDocument({ section: doc }, { maxTokens: 60, overlapTokens: 8 });
    const wingChunks = chunks.filter((chunk) => chunk.text.includes('wing of the aircraft'));
    expect(wingChunks.length).toBeGreaterThan(1);
    for (const chunk of wingChunks) {
      expect(chunk.text.startsWith('# Manual\n## Wings\n')).toBe(true);
      expect(countTokens(chunk.text)).toBeLessThanOrEqual(60);
    }
    expect(chunks.at(-1)?.text).toBe('# Manual\n## Engines\nEngines burn fuel.');
  });

  it('puts consecutive small sections whole into one chunk, and never splits a section that fits', () => {
    const doc = section(null, null, [section('A: ', 'first.\n'), section('B: ', 'second.\n'), section('C: ', 'third.\n')]);
    expect(chunkDocument({ section: doc }, { maxTokens: 64, overlapTokens: 8 }).map((chunk) => chunk.text)).toEqual([
      'A: first.\nB: second.\nC: third.\n',
    ]);
    const tight = chunkDocument({ section: doc }, { maxTokens: 8, overlapTokens: 0 }).map((chunk) => chunk.text);
    expect(tight).toEqual(['A: first.\nB: second.\n', 'C: third.\n']);
  });

  it('keeps a heading without content searchable', () => {
    const doc = section('Title only', null, []);
    expect(chunkDocument({ section: doc }).map((chunk) => chunk.text)).toEqual(['Title only']);
  });

  it('cuts a single word longer than the budget and skips empty text', () => {
    const word = 'x'.repeat(2_000);
    const chunks = chunkDocument({ text: word }, { maxTokens: 32, overlapTokens: 4 });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(word);
    for (const chunk of chunks) expect(countTokens(chunk.text)).toBeLessThanOrEqual(32);
    expect(chunkDocument({ text: '   \n ' })).toEqual([]);
  });

  it('refuses an overlap as large as the chunk', () => {
    expect(() => chunkDocument({ text: 'a' }, { maxTokens: 10, overlapTokens: 10 })).toThrow(RangeError);
  });
});
