import { countTokens } from 'gpt-tokenizer';
import { TimeSlice } from '../../tokenizing/time-slice';
import { chunkDocument, MAX_REPEATED_PREFIX_CHARS } from './document-chunker';
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
  it('keeps a short text whole, with its token count and a SHA-256 hash', async () => {
    const [chunk, ...rest] = await chunkDocument({ text: 'Hello world.' });
    expect(rest).toEqual([]);
    expect(chunk).toEqual({ index: 0, text: 'Hello world.', tokenCount: countTokens('Hello world.'), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('cuts a long text into chunks within the budget, between words, preferring sentence ends, with overlap', async () => {
    const text = paragraph(0, 60);
    const chunks = await chunkDocument({ text }, { maxTokens: 64, overlapTokens: 16 });
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

  it('without overlap, consecutive chunks share no text and rebuild the original', async () => {
    const text = paragraph(0, 30);
    const chunks = await chunkDocument({ text }, { maxTokens: 50, overlapTokens: 0 });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
  });

  it('repeats section prefixes, outermost first, on every chunk cut from a section', async () => {
    const doc = section('# Manual\n', null, [section('## Wings\n', paragraph(0, 20)), section('## Engines\n', 'Engines burn fuel.')]);
    const chunks = await chunkDocument({ section: doc }, { maxTokens: 60, overlapTokens: 8 });
    const wingChunks = chunks.filter((chunk) => chunk.text.includes('wing of the aircraft'));
    expect(wingChunks.length).toBeGreaterThan(1);
    for (const chunk of wingChunks) {
      expect(chunk.text.startsWith('# Manual\n## Wings\n')).toBe(true);
      expect(countTokens(chunk.text)).toBeLessThanOrEqual(60);
    }
    expect(chunks.at(-1)?.text).toBe('# Manual\n## Engines\nEngines burn fuel.');
  });

  it('puts consecutive small sections whole into one chunk, and never splits a section that fits', async () => {
    const doc = section(null, null, [section('A: ', 'first.\n'), section('B: ', 'second.\n'), section('C: ', 'third.\n')]);
    expect((await chunkDocument({ section: doc }, { maxTokens: 64, overlapTokens: 8 })).map((chunk) => chunk.text)).toEqual([
      'A: first.\nB: second.\nC: third.\n',
    ]);
    const tight = (await chunkDocument({ section: doc }, { maxTokens: 8, overlapTokens: 0 })).map((chunk) => chunk.text);
    expect(tight).toEqual(['A: first.\nB: second.\n', 'C: third.\n']);
  });

  it('keeps a heading without content searchable', async () => {
    const doc = section('Title only', null, []);
    expect((await chunkDocument({ section: doc })).map((chunk) => chunk.text)).toEqual(['Title only']);
  });

  it('cuts a single word longer than the budget and skips empty text', async () => {
    const word = 'x'.repeat(2_000);
    const chunks = await chunkDocument({ text: word }, { maxTokens: 32, overlapTokens: 4 });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(word);
    for (const chunk of chunks) expect(countTokens(chunk.text)).toBeLessThanOrEqual(32);
    expect(await chunkDocument({ text: '   \n ' })).toEqual([]);
  });

  it('chunks a prefix too long to repeat once, however many sections it heads', async () => {
    const heading = paragraph(0, 2_000);
    const doc = section(heading, null, Array.from({ length: 200 }, (_, i) => section('## Part\n', `Part ${i} text.`)));
    const chunks = await chunkDocument({ section: doc });
    const chunked = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
    // The heading once (with the overlap of its windows), then the small parts: not 200 copies.
    expect(chunked).toBeLessThan(heading.length * 1.5 + 200 * 50);
    expect(chunks.filter((chunk) => chunk.text.includes(sentence(1_999)))).toHaveLength(1);
    expect(chunks.at(-1)?.text).toContain('## Part\nPart 199 text.');
    // Short prefixes are still repeated on every chunk below them.
    const short = section('# '.padEnd(MAX_REPEATED_PREFIX_CHARS, 'x'), null, [section(null, paragraph(0, 100))]);
    for (const chunk of await chunkDocument({ section: short }, { maxTokens: 400, overlapTokens: 0 })) expect(chunk.text.startsWith(short.prefix!)).toBe(true);
  });

  it('cuts a 2 MiB run without spaces into chunks within the budget, giving the event loop turns', async () => {
    let pauses = 0;
    const always = new (class extends TimeSlice {
      override due(): boolean {
        return true;
      }
      override async pause(): Promise<void> {
        pauses += 1;
        await super.pause();
      }
    })();
    const run = 'ab'.repeat(1024 * 1024);
    const chunks = await chunkDocument({ text: run }, { maxTokens: 512, overlapTokens: 0 }, always);
    expect(chunks.map((chunk) => chunk.text).join('') === run).toBe(true);
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(512);
    expect(pauses).toBeGreaterThan(chunks.length);
  });

  it('refuses an overlap as large as the chunk', async () => {
    await expect(chunkDocument({ text: 'a' }, { maxTokens: 10, overlapTokens: 10 })).rejects.toThrow(RangeError);
  });
});
