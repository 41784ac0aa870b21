import { DatabaseSync, type StatementSync } from 'node:sqlite';

/** The FTS5 tokenizer of the index, for the chunks and for queries alike. */
export const FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** A lexical query in two parts: the words worth ranking by, and the words that only widen the match. */
export interface QueryPlan {
  /** FTS5 MATCH expression of the words that carry the ranking. */
  readonly ranked: string;
  /** MATCH expression of the words left out of the ranking, or null. */
  readonly widening: string | null;
}

/** Below this many chunks every word is ranked: scoring all matching rows is cheap there. */
export const PRUNE_MIN_ROWS = 10_000;

/**
 * Turns free text into FTS5 queries: each word quoted (so operators and punctuation are never
 * FTS5 syntax), joined with OR, which BM25 then ranks. In a large index, words whose every term is
 * in at least half the chunks are set apart: FTS5's BM25 gives such a term an idf of zero (clamped
 * to 1e-6), so they change no score of a chunk that matches another word, yet scoring the many
 * rows they alone match is most of the cost of a query with a stop word. They only widen the match
 * when the ranked words find too few chunks. A query of only such words ranks by its rarest one.
 */
export class QueryTerms {
  private readonly scratch = new DatabaseSync(':memory:');
  private readonly clear: StatementSync;
  private readonly insert: StatementSync;
  private readonly terms: StatementSync;

  constructor() {
    this.scratch.exec(`CREATE VIRTUAL TABLE words USING fts5 (word, tokenize = '${FTS_TOKENIZER}')`);
    this.scratch.exec("CREATE VIRTUAL TABLE word_terms USING fts5vocab (words, 'instance')");
    this.clear = this.scratch.prepare('DELETE FROM words');
    this.insert = this.scratch.prepare('INSERT INTO words (rowid, word) VALUES (?, ?)');
    this.terms = this.scratch.prepare('SELECT term, doc FROM word_terms');
  }

  /**
   * The plan for `text`, or null when it holds no word. `rowsWith(term)` counts the chunks holding
   * a term, `rowCount` all chunks.
   */
  planOf(text: string, rowsWith: (term: string) => number, rowCount: number): QueryPlan | null {
    // A repeated word stays repeated: BM25 sums over the query's words, as the baseline does.
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return null;
    if (rowCount < PRUNE_MIN_ROWS) return { ranked: matchAny(words), widening: null };
    const termsOfWord = this.tokenize(words);
    const frequencies = words.map((_, index) => Math.min(...(termsOfWord.get(index) ?? []).map(rowsWith), Number.POSITIVE_INFINITY));
    let ranked = words.filter((_, index) => frequencies[index] * 2 < rowCount);
    if (ranked.length === 0) ranked = [words[frequencies.indexOf(Math.min(...frequencies))]];
    const widening = words.filter((word) => !ranked.includes(word));
    return { ranked: matchAny(ranked), widening: widening.length === 0 ? null : matchAny(widening) };
  }

  close(): void {
    if (this.scratch.isOpen) this.scratch.close();
  }

  private tokenize(words: readonly string[]): Map<number, string[]> {
    this.clear.run();
    words.forEach((word, index) => this.insert.run(index, word));
    const terms = new Map<number, string[]>();
    for (const row of this.terms.all()) {
      const index = Number(row.doc);
      terms.set(index, [...(terms.get(index) ?? []), String(row.term)]);
    }
    return terms;
  }
}

function matchAny(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(' OR ');
}
