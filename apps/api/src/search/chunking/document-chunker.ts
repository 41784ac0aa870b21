import { createHash } from 'node:crypto';
import { countTokens, MAX_PIECE_CHARS, piecesOf } from '../../tokenizing/bounded-tokenizer';
import { TimeSlice } from '../../tokenizing/time-slice';
import { sectionUnits, type DocumentSection, type SectionUnit } from './document-section';
import { TokenCounter } from './token-counter';

/** Sizes of chunks, in tokens of the o200k tokenizer (see tokenizing/bounded-tokenizer). */
export interface ChunkingOptions {
  /** Most tokens in a chunk, its section prefixes included. */
  readonly maxTokens: number;
  /** Tokens a chunk repeats from the end of the previous one when a section is cut. */
  readonly overlapTokens: number;
}

/** A chunk in document order; `hash` is the SHA-256 of its text. */
export interface DocumentChunk {
  readonly index: number;
  readonly text: string;
  readonly hash: string;
  readonly tokenCount: number;
}

/** What a document brings to chunking: plain text, or a section tree. */
export type ChunkSource = { readonly text: string } | { readonly section: DocumentSection };

export const DEFAULT_CHUNKING: ChunkingOptions = { maxTokens: 512, overlapTokens: 64 };

/**
 * Longest run of section prefixes repeated on the chunks of nested sections. A longer prefix is
 * chunked once, like content: a tree of 10,000 sections under one long prefix would otherwise
 * repeat it 10,000 times (a 2 MiB document made gigabytes of chunks). At most 10,000 sections
 * times this many characters are repeated.
 */
export const MAX_REPEATED_PREFIX_CHARS = 512;

/** A piece of text and its token count. */
interface Piece {
  readonly text: string;
  readonly tokens: number;
}

const counter = new TokenCounter();
const EXACT_COUNT_CHARACTERS_PER_TOKEN = 6;

/**
 * Cuts a document into chunks of at most `maxTokens` tokens. Cuts fall between words (preferably
 * after a sentence or a line), never inside one unless a single word exceeds the budget; a long
 * section repeats `overlapTokens` of context across each cut and every piece carries the section's
 * prefixes (up to MAX_REPEATED_PREFIX_CHARS); consecutive small sections share a chunk when they
 * fit whole. Every step is linear in the document's size, and the event loop gets a turn every
 * few milliseconds.
 */
export async function chunkDocument(source: ChunkSource, options: ChunkingOptions = DEFAULT_CHUNKING, slice: TimeSlice = new TimeSlice()): Promise<DocumentChunk[]> {
  if (options.maxTokens < 1 || options.overlapTokens < 0 || options.overlapTokens >= options.maxTokens) {
    throw new RangeError('chunking needs maxTokens >= 1 and 0 <= overlapTokens < maxTokens');
  }
  const units: SectionUnit[] = 'text' in source ? [{ prefix: '', content: source.text }] : sectionUnits(source.section, '', MAX_REPEATED_PREFIX_CHARS);
  const pieces: (Piece & { whole: boolean })[] = [];
  for (const unit of units) {
    const parts = await splitUnit(unit, options, slice);
    for (const part of parts) pieces.push({ ...part, whole: parts.length === 1 });
    await slice.pauseIfDue();
  }
  const chunks: DocumentChunk[] = [];
  for (const piece of mergeWholePieces(pieces, options.maxTokens)) {
    if (piece.text.trim().length === 0) continue;
    chunks.push({ index: chunks.length, text: piece.text, hash: createHash('sha256').update(piece.text).digest('hex'), tokenCount: piece.tokens });
    await slice.pauseIfDue();
  }
  return chunks;
}

async function splitUnit(unit: SectionUnit, options: ChunkingOptions, slice: TimeSlice): Promise<Piece[]> {
  const whole = unit.prefix + unit.content;
  // A unit about the size of a chunk is counted exactly (a prefix ending in a space counts one
  // token more on its own); longer ones are surely cut, and counted word by word from the cache.
  if (whole.length <= options.maxTokens * EXACT_COUNT_CHARACTERS_PER_TOKEN) {
    const tokens = countTokens(whole);
    if (tokens <= options.maxTokens) return [{ text: whole, tokens }];
  }
  const prefixTokens = unit.prefix.length === 0 ? 0 : counter.count(unit.prefix);
  const segments = await segmentsOf(unit.content, slice);
  const contentTokens = segments.reduce((sum, segment) => sum + segment.tokens, 0);
  if (prefixTokens + contentTokens <= options.maxTokens) return [{ text: whole, tokens: prefixTokens + contentTokens }];
  // A prefix that leaves no room for content is cut like content rather than repeated.
  if (prefixTokens > options.maxTokens / 2) {
    return windows(await segmentsOf(whole, slice), options.maxTokens, options.overlapTokens, slice);
  }
  const budget = options.maxTokens - prefixTokens;
  const parts = await windows(segments, budget, Math.min(options.overlapTokens, Math.floor(budget / 2)), slice);
  return parts.map((piece) => ({ text: unit.prefix + piece.text, tokens: prefixTokens + piece.tokens }));
}

interface Segment {
  readonly text: string;
  readonly tokens: number;
  /** A good place to cut after: the end of a sentence or a line. */
  readonly boundary: boolean;
}

/**
 * Words with the whitespace before them; a word longer than any budget is split by characters
 * later. A run longer than MAX_PIECE_CHARS without a space is several segments, so that counting
 * any one of them stays cheap.
 */
async function segmentsOf(text: string, slice: TimeSlice): Promise<Segment[]> {
  const words: string[] = [];
  const pattern = /\s*\S+|\s+$/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const word = match[0];
    if (word.length <= MAX_PIECE_CHARS) words.push(word);
    else for (const piece of piecesOf(word)) words.push(piece);
    await slice.pauseIfDue();
  }
  const segments: Segment[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i];
    const next = words[i + 1];
    segments.push({ text: word, tokens: counter.count(word), boundary: /[.!?:;]$/.test(word) || (next !== undefined && /^\s*\n/.test(next)) });
    await slice.pauseIfDue();
  }
  return segments;
}

async function windows(segments: Segment[], budget: number, overlap: number, slice: TimeSlice): Promise<Piece[]> {
  const parts: Piece[] = [];
  let start = 0;
  while (start < segments.length) {
    await slice.pauseIfDue();
    let end = start;
    let tokens = 0;
    while (end < segments.length && tokens + segments[end].tokens <= budget) {
      tokens += segments[end].tokens;
      end += 1;
    }
    if (end === start) {
      // One word over the budget: cut it into pieces that each fit.
      parts.push(...splitWord(segments[start].text, budget));
      start += 1;
      continue;
    }
    if (end < segments.length) end = preferredCut(segments, start, end);
    const window = segments.slice(start, end);
    parts.push({ text: window.map((segment) => segment.text).join(''), tokens: window.reduce((sum, segment) => sum + segment.tokens, 0) });
    if (end >= segments.length) break;
    start = Math.max(overlapStart(segments, start, end, overlap), start + 1);
  }
  return parts;
}

/** The last sentence or line end in the final fifth of the window, else the window's end. */
function preferredCut(segments: Segment[], start: number, end: number): number {
  const earliest = start + Math.ceil(((end - start) * 4) / 5);
  for (let cut = end; cut > earliest; cut -= 1) if (segments[cut - 1].boundary) return cut;
  return end;
}

/** Where the next window starts so that it repeats about `overlap` tokens of this one. */
function overlapStart(segments: Segment[], start: number, end: number, overlap: number): number {
  let next = end;
  let tokens = 0;
  while (next > start && tokens + segments[next - 1].tokens <= overlap) {
    tokens += segments[next - 1].tokens;
    next -= 1;
  }
  return next;
}

function splitWord(word: string, budget: number): Piece[] {
  const pieces: Piece[] = [];
  let rest = word;
  while (rest.length > 0) {
    let size = Math.min(rest.length, budget * 4);
    let tokens = counter.count(rest.slice(0, size));
    while (size > 1 && tokens > budget) {
      size = Math.floor(size * 0.8);
      tokens = counter.count(rest.slice(0, size));
    }
    pieces.push({ text: rest.slice(0, size), tokens });
    rest = rest.slice(size);
  }
  return pieces;
}

function mergeWholePieces(pieces: readonly (Piece & { whole: boolean })[], maxTokens: number): Piece[] {
  const merged: Piece[] = [];
  let open: Piece | null = null;
  for (const piece of pieces) {
    if (open !== null && piece.whole && open.tokens + piece.tokens <= maxTokens) {
      open = { text: open.text + piece.text, tokens: open.tokens + piece.tokens };
      continue;
    }
    if (open !== null) merged.push(open);
    if (piece.whole) open = piece;
    else {
      merged.push(piece);
      open = null;
    }
  }
  if (open !== null) merged.push(open);
  return merged;
}
