import { DatabaseSync } from 'node:sqlite';
import { FTS_TOKENIZER } from '../../libs/storage/src/search-index/sqlite-query-terms';

/** Okapi BM25 parameters of the baseline. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * The terms of each text exactly as the search index's FTS5 tokenizer (porter unicode61,
 * diacritics removed) produces them, read back through an fts5vocab table, so the baseline and the
 * index see the same words.
 */
export function ftsTokens(texts: readonly string[], tokenizer = FTS_TOKENIZER): string[][] {
  const db = new DatabaseSync(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5 (body, tokenize = '${tokenizer}')`);
    db.exec("CREATE VIRTUAL TABLE v USING fts5vocab (t, 'instance')");
    const insert = db.prepare('INSERT INTO t (rowid, body) VALUES (?, ?)');
    texts.forEach((text, i) => insert.run(i + 1, text));
    const tokens: string[][] = texts.map(() => []);
    for (const row of db.prepare('SELECT term, doc FROM v ORDER BY doc, offset').all()) tokens[Number(row.doc) - 1].push(String(row.term));
    return tokens;
  } finally {
    db.close();
  }
}

/** A plain in-memory BM25 (k1 1.2, b 0.75, idf ln(1 + (N - n + 0.5) / (n + 0.5))) over pre-tokenized documents. */
export class Bm25Baseline {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly lengths: number[];
  private readonly averageLength: number;

  constructor(private readonly ids: readonly string[], documents: readonly (readonly string[])[]) {
    this.lengths = documents.map((terms) => terms.length);
    this.averageLength = this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, documents.length);
    documents.forEach((terms, doc) => {
      for (const term of terms) {
        const posting = this.postings.get(term) ?? new Map<number, number>();
        posting.set(doc, (posting.get(doc) ?? 0) + 1);
        this.postings.set(term, posting);
      }
    });
  }

  /** Document ids by descending score; every query term counts (a repeated term counts again). */
  rank(queryTerms: readonly string[], limit: number): string[] {
    const scores = new Map<number, number>();
    const n = this.lengths.length;
    for (const term of queryTerms) {
      const posting = this.postings.get(term);
      if (posting === undefined) continue;
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [doc, frequency] of posting) {
        const norm = frequency + BM25_K1 * (1 - BM25_B + (BM25_B * this.lengths[doc]) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * frequency * (BM25_K1 + 1)) / norm);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([doc]) => this.ids[doc]);
  }
}
