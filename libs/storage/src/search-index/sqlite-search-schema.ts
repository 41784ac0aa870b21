import type { DatabaseSync } from 'node:sqlite';
import { FTS_TOKENIZER } from './sqlite-query-terms';

/**
 * Tables of the embedded search index. `chunks_fts` mirrors `chunks` (same rowid) with the porter
 * stemmer over unicode61 words, so "flows" finds "flow"; title and text are separate columns so
 * BM25 can weigh a match in the title differently.
 */
export function createSearchSchema(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (
      ds TEXT NOT NULL, doc TEXT NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL,
      tags TEXT NOT NULL, parents TEXT NOT NULL, parent_id TEXT, source_url TEXT, mime_type TEXT NOT NULL,
      timestamp INTEGER NOT NULL, created INTEGER NOT NULL, embedding_model TEXT, chunk_count INTEGER NOT NULL,
      PRIMARY KEY (ds, doc)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS documents_timestamp ON documents (ds, timestamp);
    CREATE TABLE IF NOT EXISTS document_tags (ds TEXT NOT NULL, doc TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (ds, doc, tag)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS document_tags_tag ON document_tags (tag, ds);
    CREATE TABLE IF NOT EXISTS document_parents (ds TEXT NOT NULL, doc TEXT NOT NULL, parent TEXT NOT NULL, PRIMARY KEY (ds, doc, parent)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS document_parents_parent ON document_parents (parent, ds);
    CREATE TABLE IF NOT EXISTS chunks (
      id INTEGER PRIMARY KEY, ds TEXT NOT NULL, doc TEXT NOT NULL, idx INTEGER NOT NULL, text TEXT NOT NULL,
      hash TEXT NOT NULL, token_count INTEGER NOT NULL, model TEXT, vector BLOB
    );
    CREATE UNIQUE INDEX IF NOT EXISTS chunks_document ON chunks (ds, doc, idx);
    CREATE INDEX IF NOT EXISTS chunks_model ON chunks (model, ds) WHERE vector IS NOT NULL;
    CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5 (title, text, tokenize = '${FTS_TOKENIZER}');
    CREATE VIRTUAL TABLE IF NOT EXISTS chunks_vocab USING fts5vocab (chunks_fts, 'row');
    CREATE TABLE IF NOT EXISTS stored_vectors (model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, hash)) WITHOUT ROWID;
  `);
}

/** A vector as sqlite-vec reads it: little-endian float32. */
export function vectorBlob(vector: readonly number[]): Uint8Array {
  return new Uint8Array(Float32Array.from(vector).buffer);
}

/** The numbers of a float32 blob. */
export function vectorOf(blob: Uint8Array): number[] {
  const copy = blob.slice();
  return Array.from(new Float32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4));
}
