import type { IndexedDocument } from '@app/storage';
import type { ChunkSource } from '../chunking/document-chunker';

/**
 * A document as the indexing service takes it, from a document upsert (reference §5.3): the
 * index's metadata of it (parents list the document itself first; times are epoch ms) and its
 * content before chunking.
 */
export type DocumentToIndex = Pick<
  IndexedDocument,
  'dataSourceId' | 'documentId' | 'title' | 'tags' | 'parents' | 'parentId' | 'sourceUrl' | 'mimeType' | 'timestamp' | 'created'
> & {
  /** Plain text or a section tree. */
  readonly source: ChunkSource;
  /** The workspace's `defaultEmbeddingProvider`, which picks the embedding model. */
  readonly embeddingProvider: string | null;
};

/** What indexing one document did. */
export interface IndexingOutcome {
  readonly chunkCount: number;
  /** Vectors taken from the store instead of computed. */
  readonly reusedVectors: number;
  readonly computedVectors: number;
  /** Why the document is searchable by words only, or null when its chunks have vectors. */
  readonly lexicalOnlyReason: string | null;
}
