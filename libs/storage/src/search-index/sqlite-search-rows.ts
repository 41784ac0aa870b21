import type { SQLInputValue } from 'node:sqlite';
import type { ChunkHit, IndexedChunk, IndexedDocumentSummary } from './search-index.port';
import { vectorOf } from './sqlite-search-schema';

type Row = Record<string, SQLInputValue>;

/** A ranked chunk row (ds, doc, idx) as a hit with its score. */
export function hitOf(row: Row, score: number): ChunkHit {
  return { dataSourceId: String(row.ds), documentId: String(row.doc), chunkIndex: Number(row.idx), score };
}

/** A row of the documents table as the port's summary. */
export function summaryOf(row: Row): IndexedDocumentSummary {
  return {
    dataSourceId: String(row.ds),
    documentId: String(row.doc),
    title: String(row.title),
    text: String(row.text),
    hash: String(row.hash),
    tags: stringArray(row.tags),
    parents: stringArray(row.parents),
    parentId: row.parent_id === null ? null : String(row.parent_id),
    sourceUrl: row.source_url === null ? null : String(row.source_url),
    mimeType: String(row.mime_type),
    timestamp: Number(row.timestamp),
    created: Number(row.created),
    embeddingModel: row.embedding_model === null ? null : String(row.embedding_model),
    chunkCount: Number(row.chunk_count),
  };
}

/** A JSON array column's strings; anything else reads as none. */
function stringArray(json: SQLInputValue): string[] {
  const parsed: unknown = JSON.parse(String(json));
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** A row of the chunks table (idx, text, hash, token_count, vector) as an indexed chunk. */
export function chunkOf(row: Row): IndexedChunk {
  return {
    index: Number(row.idx),
    text: String(row.text),
    hash: String(row.hash),
    tokenCount: Number(row.token_count),
    vector: row.vector instanceof Uint8Array ? vectorOf(row.vector) : null,
  };
}
