import type { ChunkSource } from '../chunking/document-chunker';

/** A document as the indexing service takes it, from a document upsert (reference §5.3). */
export interface DocumentToIndex {
  readonly dataSourceId: string;
  readonly documentId: string;
  readonly title: string;
  /** Plain text or a section tree. */
  readonly source: ChunkSource;
  readonly tags: readonly string[];
  /** The document's parents, itself first (reference §5.3). */
  readonly parents: readonly string[];
  readonly parentId: string | null;
  readonly sourceUrl: string | null;
  readonly mimeType: string;
  /** Epoch ms. */
  readonly timestamp: number;
  /** Epoch ms of the upsert. */
  readonly created: number;
  /** The workspace's `defaultEmbeddingProvider`, which picks the embedding model. */
  readonly embeddingProvider: string | null;
}

/** What indexing one document did. */
export interface IndexingOutcome {
  readonly chunkCount: number;
  /** Vectors taken from the store instead of computed. */
  readonly reusedVectors: number;
  readonly computedVectors: number;
  /** Why the document is searchable by words only, or null when its chunks have vectors. */
  readonly lexicalOnlyReason: string | null;
}
