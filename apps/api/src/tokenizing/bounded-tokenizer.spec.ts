import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { findCranfieldDirectory } from '../../../../bench/support/cranfield';
import { BOUNDED_PRE_TOKEN_PATTERN, countTokens, countTokensYielding, encodeYielding, encoderParts, MAX_PIECE_CHARS, tokenText } from './bounded-tokenizer';
import { TimeSlice } from './time-slice';

const AS_TEXT = { disallowedSpecial: new Set<string>() };
const unbounded = (text: string): number[] => encode(text, AS_TEXT);

async function boundedTokens(text: string, slice?: TimeSlice): Promise<number[]> {
  const tokens: number[] = [];
  for await (const batch of encodeYielding(text, slice)) tokens.push(...batch);
  return tokens;
}

function longestPreToken(text: string): number {
  let longest = 0;
  for (const [preToken] of text.matchAll(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu'))) longest = Math.max(longest, preToken.length);
  return longest;
}

/** A deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Every class the pre-tokenizer tells apart: cases, marks, digits, symbols, contractions, every
// kind of white space, scripts without spaces, characters outside the BMP.
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'.,;:!?-_/\\()[]{}<>"\'`~@#$%^&*+=|',
  ...[' ', ' ', ' ', '  ', '\n', '\n\n', '\r\n', '\t', '\u00a0', '\u2003'],
  ...["'s", "'T", "'re", "'LL", "'ve", "'d", "'M"],
  ...['é', 'ß', 'Ω', 'ж', 'Ж', 'ǅ', 'ʰ', '\u0301', '\u0308', '中', '文', 'の', '한', 'ि', 'ع'],
  ...['😀', '🦀', '𝔘', '\u{1F44D}\u{1F3FD}', '<|endoftext|>', '<|im_start|>'],
];

function trickyText(next: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

const SAMPLE = [
  'The quick brown fox jumps over the lazy dog. It\'s 12,345.67 km away; we\'ll see.\n\n',
  '    indented code();\n\tconst x = a[i] + b["key"]; // comment\r\n',
  'Ünïcödé, ДАННЫЕ и данные, 中文文本没有空格，日本語のテキスト、한국어 텍스트. ',
  '<|endoftext|> stays text. Emoji 👍🏽 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢. https://example.com/a/b?c=d&e=f#g\n',
  '==================================================\n',
].join('');

describe('the bounded tokenizer', () => {
  it("gives the encoder's own tokens for ordinary text (Cranfield, whole and document by document)", async () => {
    const directory = findCranfieldDirectory(process.env, join(__dirname, '..', '..', '..', '..'));
    const texts = directory === null ? [SAMPLE.repeat(500)] : [readFileSync(join(directory, 'cran.all.1400'), 'utf8')];
    for (const text of texts) {
      expect(longestPreToken(text)).toBeLessThanOrEqual(MAX_PIECE_CHARS);
      const expected = unbounded(text);
      expect(await boundedTokens(text)).toEqual(expected);
      expect(countTokens(text)).toBe(expected.length);
      expect(await countTokensYielding(text)).toBe(expected.length);
      for (const document of text.split(/(?=\n\.I )/)) expect(countTokens(document)).toBe(unbounded(document).length);
    }
  });

  it("gives the encoder's own tokens for text mixing every kind of character, whatever the cuts between calls", async () => {
    const next = random(20_251_128);
    for (let i = 0; i < 60; i += 1) {
      // Lengths around the batch size, so cuts between encoder calls land everywhere.
      const text = trickyText(next, 1 + Math.floor(next() * 12_000));
      expect(longestPreToken(text)).toBeLessThanOrEqual(MAX_PIECE_CHARS);
      expect({ i, tokens: await boundedTokens(text) }).toEqual({ i, tokens: unbounded(text) });
    }
    expect(await boundedTokens(SAMPLE)).toEqual(unbounded(SAMPLE));
  });

  it('cuts a run longer than MAX_PIECE_CHARS into pieces the encoder handles one by one', () => {
    for (const run of ['a'.repeat(100_000), 'Ab'.repeat(40_000), '.'.repeat(50_000), ' '.repeat(50_000), '中'.repeat(30_000), '😀'.repeat(30_000)]) {
      const text = `before ${run} after`;
      const parts = [...encoderParts(text)];
      expect(parts.join('')).toBe(text);
      for (const part of parts) expect(longestPreToken(part)).toBeLessThanOrEqual(MAX_PIECE_CHARS);
      // No part ends between the halves of a surrogate pair.
      for (const part of parts) expect(part).not.toMatch(/[\ud800-\udbff]$/);
    }
  });

  it('counts a long run of one letter as the encoder does, and random letters within 0.5%', () => {
    // A run repeats the encoder's longest token for it, which divides MAX_PIECE_CHARS: same count.
    const letters = 'a'.repeat(20_000);
    expect(countTokens(letters)).toBe(unbounded(letters).length);
    const next = random(7);
    const word = Array.from({ length: 20_000 }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
    const exact = unbounded(word).length;
    expect(Math.abs(countTokens(word) - exact) / exact).toBeLessThan(0.005);
  });

  it('pre-tokenizes with the encoding\'s own pattern, every repeat bounded', () => {
    expect(BOUNDED_PRE_TOKEN_PATTERN).not.toMatch(/[+*]/);
    expect(BOUNDED_PRE_TOKEN_PATTERN.replace(new RegExp(`\\{[01],${MAX_PIECE_CHARS}\\}`, 'g'), (bound) => (bound.startsWith('{1') ? '+' : '*'))).toBe(O200K_TOKEN_SPLIT_REGEX.source);
    // One match of a bounded length at a time, however long the run (two bounded repeats of code
    // points, each up to two UTF-16 units).
    const bounded = new RegExp(BOUNDED_PRE_TOKEN_PATTERN, 'gu');
    for (const run of ['a'.repeat(10_000), 'Ab'.repeat(10_000), ' '.repeat(10_000), '.'.repeat(10_000), '\u{20001}'.repeat(10_000)]) {
      for (const [match] of run.matchAll(bounded)) expect(match.length).toBeLessThanOrEqual(4 * MAX_PIECE_CHARS + 2);
    }
  });

  it('encodes special-token markers as text', () => {
    expect(countTokens('<|endoftext|>')).toBeGreaterThan(1);
    expect(tokenText(unbounded('hello')[0]!)).toBe('hello');
  });

  it('gives the event loop a turn while it works through a long text', async () => {
    let turns = 0;
    const counting = new (class extends TimeSlice {
      override due(): boolean {
        return true;
      }
      override async pause(): Promise<void> {
        turns += 1;
        await super.pause();
      }
    })();
    const text = SAMPLE.repeat(200);
    expect(await boundedTokens(text, counting)).toEqual(unbounded(text));
    expect(turns).toBeGreaterThan(text.length / 10_000);
  });
});
