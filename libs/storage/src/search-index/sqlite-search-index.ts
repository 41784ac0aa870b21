import { createRequire } from 'node:module';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type {
  ChunkHit,
  DocumentKey,
  IndexedChunk,
  IndexedDocument,
  IndexedDocumentSummary,
  SearchFilter,
  SearchIndex,
  StoredVector,
} from './search-index.port';
import { BoundedWriteQueue, type WriteUnit } from '../sqlite/bounded-write-queue';
import { filterCondition, type SqlCondition } from './sqlite-search-filter';
import { QueryTerms } from './sqlite-query-terms';
import { createSearchSchema, vectorBlob, vectorOf } from './sqlite-search-schema';
import { chunkOf, hitOf, summaryOf } from './sqlite-search-rows';

/** Options of the embedded search index. */
export interface SqliteSearchIndexOptions {
  /** Database file (its own, beside the read store), or ':memory:'. */
  readonly path: string;
  /** BM25 weight of a word found in the title, relative to one in the text (1). */
  readonly titleWeight?: number;
}

// Rows ranked before filtering, per row wanted: filters that drop most of them fall back to
// filtering first.
const RANK_OVERFETCH = 4;

// Chunk text one write transaction indexes at most: FTS5 indexes about 15-35 MB a second here, so
// a transaction holds the event loop some 10 ms, where a 2 MiB document written whole held it for
// 60-145 ms.
const WRITE_BUDGET_BYTES = 256 * 1024;

/** The search index on Node's SQLite: FTS5 for BM25, sqlite-vec for cosine distance over stored vectors. */
export class SqliteSearchIndex implements SearchIndex {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly titleWeight: number;
  private readonly queryTerms = new QueryTerms();
  /** Every write, in order; readers wait for it to settle, so they see what was written before them. */
  private readonly writes: BoundedWriteQueue;
  /** Chunks in the index, kept between writes: BM25's N, which query pruning compares against. */
  private rowCount: number | null = null;

  constructor(options: SqliteSearchIndexOptions) {
    // Busy waits from the first statement, as the read store's connection does (replicas starting together).
    this.db = new DatabaseSync(options.path, { allowExtension: true, timeout: 5000 });
    // sqlite-vec ships as a native extension inside its npm package; it provides vec_distance_cosine.
    const sqliteVec = createRequire(__filename)('sqlite-vec') as { getLoadablePath(): string };
    this.db.loadExtension(sqliteVec.getLoadablePath());
    this.db.exec('PRAGMA journal_mode = WAL');
    // The index is a read model rebuilt from the log: a power loss may lose recent units, never corrupt.
    this.db.exec('PRAGMA synchronous = NORMAL');
    createSearchSchema(this.db);
    this.titleWeight = options.titleWeight ?? 1;
    this.writes = new BoundedWriteQueue((work) => this.transaction(work), WRITE_BUDGET_BYTES);
  }

  upsertDocument(document: IndexedDocument): Promise<void> {
    // Upserts arriving together share a transaction (FTS5 writes a new index segment per
    // transaction, so a batch costs little more than one document); a large document is spread
    // over several. Readers wait for the whole of it, so none sees it half written. If one of its
    // later transactions fails, the document is removed rather than left in part.
    const key = { dataSourceId: document.dataSourceId, documentId: document.documentId };
    const units: WriteUnit[] = [{ cost: 0, run: () => this.writeDocumentRow(document) }];
    for (const chunk of document.chunks) units.push({ cost: Buffer.byteLength(chunk.text, 'utf8'), run: () => this.writeChunk(document, chunk) });
    return this.writes.write(units, () => this.removeDocument(key));
  }

  deleteDocument(key: DocumentKey): Promise<void> {
    return this.writes.write([{ cost: 0, run: () => this.removeDocument(key) }]);
  }

  deleteDataSource(dataSourceId: string): Promise<void> {
    const run = () => {
      this.statement('DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE ds = ?)').run(dataSourceId);
      for (const table of ['chunks', 'document_tags', 'document_parents', 'documents']) {
        this.statement(`DELETE FROM ${table} WHERE ds = ?`).run(dataSourceId);
      }
    };
    return this.writes.write([{ cost: 0, run }]);
  }

  async searchLexical(query: string, filter: SearchFilter, limit: number): Promise<ChunkHit[]> {
    await this.writes.settled();
    if (limit <= 0) return [];
    const rowsWith = this.statement('SELECT doc FROM chunks_vocab WHERE term = ?');
    const plan = this.queryTerms.planOf(query, (term) => Number(rowsWith.get(term)?.doc ?? 0), this.chunkRowCount());
    if (plan === null) return [];
    const condition = filterCondition(filter);
    const rank = `bm25(chunks_fts, ${this.titleWeight}, 1.0)`;
    const select = `SELECT c.id, c.ds, c.doc, c.idx, ${rank} AS rank FROM chunks_fts
       JOIN chunks c ON c.id = chunks_fts.rowid JOIN documents d ON d.ds = c.ds AND d.doc = c.doc
       WHERE chunks_fts MATCH ? AND ${condition.sql}`;
    const rows = this.rankedRows(plan.ranked, rank, condition, limit) ?? this.statement(`${select} ORDER BY rank LIMIT ?`).all(plan.ranked, ...condition.params, limit);
    if (rows.length < limit && plan.widening !== null) {
      // Chunks that only the near-zero-idf words match score about nothing: any of them may fill
      // the tail, so the first found are taken instead of scoring them all.
      const seen = new Set(rows.map((row) => Number(row.id)));
      const extra = this.statement(`${select} LIMIT ?`).all(plan.widening, ...condition.params, limit);
      const fill = extra.filter((row) => !seen.has(Number(row.id))).sort((a, b) => Number(a.rank) - Number(b.rank));
      rows.push(...fill.slice(0, limit - rows.length));
    }
    // FTS5's bm25() is negative, lower is better; hits carry the usual positive BM25 score.
    return rows.map((row) => hitOf(row, -Number(row.rank)));
  }

  async searchVector(vector: readonly number[], embeddingModel: string, filter: SearchFilter, limit: number): Promise<ChunkHit[]> {
    await this.writes.settled();
    if (limit <= 0 || vector.length === 0) return [];
    const condition = filterCondition(filter);
    // An exact scan of the filtered chunks: filters apply before ranking, so a narrow filter never
    // comes back short the way a post-filtered approximate search does.
    const rows = this.statement(
      `SELECT c.ds, c.doc, c.idx, vec_distance_cosine(c.vector, ?) AS distance FROM chunks c
       JOIN documents d ON d.ds = c.ds AND d.doc = c.doc
       WHERE c.vector IS NOT NULL AND c.model = ? AND length(c.vector) = ? AND ${condition.sql}
       ORDER BY distance LIMIT ?`,
    ).all(vectorBlob(vector), embeddingModel, vector.length * 4, ...condition.params, limit);
    return rows.map((row) => hitOf(row, 1 - Number(row.distance)));
  }

  async getDocuments(keys: readonly DocumentKey[]): Promise<IndexedDocumentSummary[]> {
    await this.writes.settled();
    const statement = this.statement('SELECT * FROM documents WHERE ds = ? AND doc = ?');
    const found: IndexedDocumentSummary[] = [];
    for (const key of keys) {
      const row = statement.get(key.dataSourceId, key.documentId);
      if (row !== undefined) found.push(summaryOf(row));
    }
    return found;
  }

  async getChunks(key: DocumentKey, from: number, to: number): Promise<IndexedChunk[]> {
    await this.writes.settled();
    const rows = this.statement(
      'SELECT idx, text, hash, token_count, vector FROM chunks WHERE ds = ? AND doc = ? AND idx BETWEEN ? AND ? ORDER BY idx',
    ).all(key.dataSourceId, key.documentId, from, to);
    return rows.map(chunkOf);
  }

  async getStoredVectors(embeddingModel: string, hashes: readonly string[]): Promise<StoredVector[]> {
    const statement = this.statement('SELECT vector FROM stored_vectors WHERE model = ? AND hash = ?');
    const found: StoredVector[] = [];
    for (const hash of new Set(hashes)) {
      const row = statement.get(embeddingModel, hash);
      if (row?.vector instanceof Uint8Array) found.push({ hash, vector: vectorOf(row.vector) });
    }
    return found;
  }

  async storeVectors(embeddingModel: string, vectors: readonly StoredVector[]): Promise<void> {
    this.transaction(() => {
      const statement = this.statement('INSERT OR REPLACE INTO stored_vectors (model, hash, vector) VALUES (?, ?, ?)');
      for (const { hash, vector } of vectors) statement.run(embeddingModel, hash, vectorBlob(vector));
    });
  }

  async close(): Promise<void> {
    await this.writes.settled();
    this.queryTerms.close();
    if (this.db.isOpen) this.db.close();
  }

  /**
   * The best chunks ranked on the FTS table alone, filtered afterwards: joining every matching row
   * to its document before the sort doubles the cost of a query with common words. Null when the
   * filters left fewer than `limit` of the overfetched rows while more matched: the caller then
   * filters before ranking.
   */
  private rankedRows(match: string, rank: string, condition: SqlCondition, limit: number): Record<string, SQLInputValue>[] | null {
    const fetched = limit * RANK_OVERFETCH;
    const rows = this.statement(
      `SELECT c.id, c.ds, c.doc, c.idx, m.rank FROM (SELECT rowid, ${rank} AS rank FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rank LIMIT ?) m
       CROSS JOIN chunks c ON c.id = m.rowid CROSS JOIN documents d ON d.ds = c.ds AND d.doc = c.doc
       WHERE ${condition.sql} ORDER BY m.rank`,
    ).all(match, fetched, ...condition.params);
    if (rows.length >= limit) return rows.slice(0, limit);
    const matched = Number(this.statement(`SELECT count(*) AS n FROM (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)`).get(match, fetched + 1)?.n ?? 0);
    return matched <= fetched ? rows : null;
  }

  private chunkRowCount(): number {
    this.rowCount ??= Number(this.statement('SELECT count(*) AS n FROM chunks').get()?.n ?? 0);
    return this.rowCount;
  }

  /** The document's own row, tags and parents, in place of what it had: the first unit of its upsert. */
  private writeDocumentRow(document: IndexedDocument): void {
    const key = { dataSourceId: document.dataSourceId, documentId: document.documentId };
    const previous = this.statement('SELECT created FROM documents WHERE ds = ? AND doc = ?').get(key.dataSourceId, key.documentId);
    this.removeDocument(key);
    const created = typeof previous?.created === 'number' ? previous.created : document.created;
    this.statement(
      `INSERT INTO documents (ds, doc, title, text, hash, tags, parents, parent_id, source_url, mime_type, timestamp, created, embedding_model, chunk_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      document.dataSourceId,
      document.documentId,
      document.title,
      document.text,
      document.hash,
      JSON.stringify(document.tags),
      JSON.stringify(document.parents),
      document.parentId,
      document.sourceUrl,
      document.mimeType,
      document.timestamp,
      created,
      document.embeddingModel,
      document.chunks.length,
    );
    for (const tag of new Set(document.tags)) {
      this.statement('INSERT INTO document_tags (ds, doc, tag) VALUES (?, ?, ?)').run(key.dataSourceId, key.documentId, tag);
    }
    for (const parent of new Set(document.parents)) {
      this.statement('INSERT INTO document_parents (ds, doc, parent) VALUES (?, ?, ?)').run(key.dataSourceId, key.documentId, parent);
    }
  }

  private writeChunk(document: IndexedDocument, chunk: IndexedChunk): void {
    const vector = chunk.vector === null ? null : vectorBlob(chunk.vector);
    const { lastInsertRowid } = this.statement(
      'INSERT INTO chunks (ds, doc, idx, text, hash, token_count, model, vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(document.dataSourceId, document.documentId, chunk.index, chunk.text, chunk.hash, chunk.tokenCount, vector && document.embeddingModel, vector);
    this.statement('INSERT INTO chunks_fts (rowid, title, text) VALUES (?, ?, ?)').run(lastInsertRowid, document.title, chunk.text);
  }

  private removeDocument(key: DocumentKey): void {
    this.statement('DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE ds = ? AND doc = ?)').run(key.dataSourceId, key.documentId);
    for (const table of ['chunks', 'document_tags', 'document_parents', 'documents']) {
      this.statement(`DELETE FROM ${table} WHERE ds = ? AND doc = ?`).run(key.dataSourceId, key.documentId);
    }
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private transaction(work: () => void): void {
    this.rowCount = null;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}
