import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { loadOnFirstUse } from '../common/load-on-first-use';
import { TimeSlice } from './time-slice';

// The encoder's tables take 150 ms or more to load: the first text counted pays for them, not the boot.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const encoder = loadOnFirstUse<typeof import('gpt-tokenizer')>(() => require('gpt-tokenizer'));

/** The encoding text is counted in everywhere (gpt-tokenizer's default). */
export const TOKENIZER_ENCODING = 'o200k_base';

/**
 * Longest piece of text the byte-pair encoder is handed. The encoder's merge loop is quadratic in
 * the length of a piece, and its pre-tokenizer makes one piece of any run of one character class
 * (a letter repeated, letters without a space, a line of symbols): 80,000 letters took seconds.
 * Cut at this length, such a run costs about the same per character as prose, a few times more
 * at worst. Ordinary text has no pre-token this long, so its tokens are the encoder's own.
 */
export const MAX_PIECE_CHARS = 256;

/** Text handed to the encoder in one call: many pre-tokens, so a call's overhead is paid rarely. */
const BATCH_CHARS = 4_096;

// Special-token markers in a text are its text, not instructions: encode them as plain text.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The encoding's pre-tokenizer with every `+` and `*` bounded to MAX_PIECE_CHARS repeats: the same
 * pre-tokens wherever no run inside one is longer (so for all ordinary text), and a run of any
 * length costs the regular expression one bounded match after another instead of one scan over
 * megabytes (its pattern has no class, escape or lazy form holding a `+` or `*`).
 */
export const BOUNDED_PRE_TOKEN_PATTERN = O200K_TOKEN_SPLIT_REGEX.source.replace(/[+*]/g, (quantifier) => (quantifier === '+' ? `{1,${MAX_PIECE_CHARS}}` : `{0,${MAX_PIECE_CHARS}}`));

/**
 * The parts of a text the encoder is handed one call each; their tokens, in order, are the text's.
 * Cuts fall between the pre-tokens of the encoding (where the encoder's own pre-tokenizer cuts:
 * it restarts there with nothing carried over, so the tokens are unchanged), and inside a
 * pre-token only when a run in it is longer than MAX_PIECE_CHARS: then every MAX_PIECE_CHARS
 * characters or so (never between the two halves of a surrogate pair).
 */
export function* encoderParts(text: string): Generator<string> {
  if (text.length <= MAX_PIECE_CHARS) {
    if (text.length > 0) yield text;
    return;
  }
  // A regex of its own per call: a global one keeps its position, and callers interleave.
  const preTokens = new RegExp(BOUNDED_PRE_TOKEN_PATTERN, O200K_TOKEN_SPLIT_REGEX.flags);
  let batchStart = 0;
  // Every alternative of the pattern takes at least one character: the loop always advances.
  for (let match = preTokens.exec(text); match !== null; match = preTokens.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    // A match this long may end where a bound of the pattern cut a run: encoded on its own, so
    // that the encoder's own pre-tokenizer cannot join it to the next one again.
    if (end - start >= MAX_PIECE_CHARS) {
      if (start > batchStart) yield text.slice(batchStart, start);
      yield* piecesOf(match[0]);
      batchStart = end;
    } else if (end - batchStart >= BATCH_CHARS) {
      yield text.slice(batchStart, end);
      batchStart = end;
    }
  }
  if (batchStart < text.length) yield text.slice(batchStart);
}

/** A text cut every MAX_PIECE_CHARS characters (one fewer where a cut would split a surrogate pair). */
export function* piecesOf(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + MAX_PIECE_CHARS, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Tokens in a text, in time linear in its length, without giving the event loop a turn: for
 * text the caller keeps small (a word, a chunk). Text of any size goes to countTokensYielding.
 */
export function countTokens(text: string): number {
  let count = 0;
  for (const part of encoderParts(text)) count += encoder().countTokens(part, AS_TEXT);
  return count;
}

/** Tokens in a text of any size, counted a few milliseconds at a time between turns of the event loop. */
export async function countTokensYielding(text: string, slice: TimeSlice = new TimeSlice()): Promise<number> {
  let count = 0;
  for (const part of encoderParts(text)) {
    count += encoder().countTokens(part, AS_TEXT);
    await slice.pauseIfDue();
  }
  return count;
}

/**
 * The tokens of a text of any size, a batch at a time, in order; between batches the event loop
 * gets a turn every few milliseconds (the time the caller spends on a batch included).
 */
export async function* encodeYielding(text: string, slice: TimeSlice = new TimeSlice()): AsyncGenerator<number[]> {
  for (const part of encoderParts(text)) {
    yield encoder().encode(part, AS_TEXT);
    await slice.pauseIfDue();
  }
}

/** The text one token stands for (a token that splits a character shows as U+FFFD). */
export function tokenText(token: number): string {
  return encoder().decode([token]);
}
