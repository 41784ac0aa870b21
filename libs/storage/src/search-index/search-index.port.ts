/** One chunk of an indexed document, in document order (`index` 0, 1, …). */
export interface IndexedChunk {
  readonly index: number;
  readonly text: string;
  /** Hash of `text`: the key under which its vector is stored and reused. */
  readonly hash: string;
  readonly tokenCount: number;
  /** Its embedding, or null when the deployment indexes lexically only. */
  readonly vector: readonly number[] | null;
}

/** A document as the search index holds it: metadata for filters and rendering, and its chunks. */
export interface IndexedDocument {
  readonly dataSourceId: string;
  readonly documentId: string;
  readonly title: string;
  readonly text: string;
  readonly hash: string;
  readonly tags: readonly string[];
  readonly parents: readonly string[];
  readonly parentId: string | null;
  readonly sourceUrl: string | null;
  readonly mimeType: string;
  /** Epoch ms of the document's own time (upsert `timestamp`). */
  readonly timestamp: number;
  /** Epoch ms of its first indexing. */
  readonly created: number;
  /** Identifies the embedding model of the chunk vectors; vectors of different models are never compared. */
  readonly embeddingModel: string | null;
  readonly chunks: readonly IndexedChunk[];
}

/** An indexed document without its chunks. */
export type IndexedDocumentSummary = Omit<IndexedDocument, 'chunks'> & { readonly chunkCount: number };

/** Restricts a search; every present condition must hold. `dataSourceIds` is required and never empty. */
export interface SearchFilter {
  readonly dataSourceIds: readonly string[];
  readonly timestampGt?: number;
  readonly timestampLt?: number;
  /** Documents carrying at least one of these tags. */
  readonly tagsIn?: readonly string[];
  /** Documents carrying none of these tags. */
  readonly tagsNot?: readonly string[];
  /** Documents with at least one of these among their parents (a document is its own first parent). */
  readonly parentsIn?: readonly string[];
  readonly parentsNot?: readonly string[];
  /** A second any-of condition on parents, ANDed with `parentsIn`: the `parentsIn` of a data source view. */
  readonly scopeParentsIn?: readonly string[];
}

/** A chunk found by a search; `score` grows with relevance (BM25 for lexical, cosine similarity for vector). */
export interface ChunkHit {
  readonly dataSourceId: string;
  readonly documentId: string;
  readonly chunkIndex: number;
  readonly score: number;
}

/** Identifies a document across data sources. */
export interface DocumentKey {
  readonly dataSourceId: string;
  readonly documentId: string;
}

/** A stored embedding, keyed by model and chunk content hash. */
export interface StoredVector {
  readonly hash: string;
  readonly vector: readonly number[];
}

/**
 * The search index read model: chunks of documents searchable by words (BM25) and by meaning
 * (vectors), with filters. Every adapter passes libs/storage/test/search-index.contract.ts.
 */
export interface SearchIndex {
  /** Replaces every chunk and all metadata of the document. */
  upsertDocument(document: IndexedDocument): Promise<void>;
  deleteDocument(key: DocumentKey): Promise<void>;
  deleteDataSource(dataSourceId: string): Promise<void>;
  /** Best chunks for the words of `query`, best first. */
  searchLexical(query: string, filter: SearchFilter, limit: number): Promise<ChunkHit[]>;
  /** Chunks nearest to `vector` among those embedded by `embeddingModel`, nearest first. */
  searchVector(vector: readonly number[], embeddingModel: string, filter: SearchFilter, limit: number): Promise<ChunkHit[]>;
  /** Documents by key, without chunks; missing ones are absent from the result. */
  getDocuments(keys: readonly DocumentKey[]): Promise<IndexedDocumentSummary[]>;
  /** Chunks of a document with `from <= index <= to`, in order (for extending a hit with its neighbours). */
  getChunks(key: DocumentKey, from: number, to: number): Promise<IndexedChunk[]>;
  /** Vectors already computed by `embeddingModel` for these content hashes. */
  getStoredVectors(embeddingModel: string, hashes: readonly string[]): Promise<StoredVector[]>;
  /** Keeps vectors for reuse by later upserts and by a rebuild. */
  storeVectors(embeddingModel: string, vectors: readonly StoredVector[]): Promise<void>;
  close(): Promise<void>;
}
