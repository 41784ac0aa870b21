import { countTokens } from '../../tokenizing/bounded-tokenizer';

const MAX_CACHED_LENGTH = 48;
const MAX_CACHE_ENTRIES = 100_000;

/**
 * Counts tokens of short pieces of text (words with their leading whitespace) with a bounded
 * cache: words repeat so much in any collection that most counts are a map lookup rather than a
 * byte-pair encoding. The tokenizer pre-splits text at the same word boundaries, so the counts of
 * consecutive words add up to the count of their concatenation. Callers keep texts short: a count
 * does not give the event loop a turn.
 */
export class TokenCounter {
  private readonly cache = new Map<string, number>();

  count(text: string): number {
    if (text.length > MAX_CACHED_LENGTH) return countTokens(text);
    let tokens = this.cache.get(text);
    if (tokens === undefined) {
      tokens = countTokens(text);
      if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
      this.cache.set(text, tokens);
    }
    return tokens;
  }
}
