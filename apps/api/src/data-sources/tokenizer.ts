import { decode, encode } from 'gpt-tokenizer';

/** The tokenizer documents are counted and split with (gpt-tokenizer's default encoding). */
export const DOCUMENT_TOKENIZER = 'o200k_base';

// Special-token markers in a document are its text, not instructions: encode them as plain text.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens of a text. */
export function countTokens(text: string): number {
  return encode(text, AS_TEXT).length;
}

/** Each token of a text with the text it stands for (a token splitting a character shows as U+FFFD). */
export function tokenize(text: string): [number, string][] {
  return encode(text, AS_TEXT).map((token) => [token, decode([token])]);
}
