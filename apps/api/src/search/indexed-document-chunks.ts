import type { CoreApiDocumentResponse, DocumentChunkResponse } from '@app/contracts/http/data-source.types';
import type { SearchIndex } from '@app/storage';

/** What a document response says of its chunks. */
export type DocumentChunkFields = Pick<CoreApiDocumentResponse, 'chunk_count' | 'chunks'>;

/** A document version to describe: the index only answers for the content it holds (same text). */
export interface ChunkedDocumentKey {
  readonly dataSourceId: string;
  readonly documentId: string;
  readonly text: string;
}

const NOT_INDEXED: DocumentChunkFields = { chunk_count: 0, chunks: [] };

/**
 * The chunks of documents as the search index holds them, in the shape search returns them
 * (`offset` is the chunk's index in the document, `vector` null). A document the index does not
 * hold yet, or holds in an older version, has no chunks yet.
 */
export async function indexedDocumentChunks(index: SearchIndex, keys: readonly ChunkedDocumentKey[]): Promise<DocumentChunkFields[]> {
  if (keys.length === 0) return [];
  const summaries = await index.getDocuments(keys.map(({ dataSourceId, documentId }) => ({ dataSourceId, documentId })));
  const byKey = new Map(summaries.map((s) => [`${s.dataSourceId}\u0000${s.documentId}`, s]));
  return Promise.all(
    keys.map(async (key) => {
      const summary = byKey.get(`${key.dataSourceId}\u0000${key.documentId}`);
      if (!summary || summary.text !== key.text || summary.chunkCount === 0) return NOT_INDEXED;
      const chunks = await index.getChunks({ dataSourceId: key.dataSourceId, documentId: key.documentId }, 0, summary.chunkCount - 1);
      return {
        chunk_count: summary.chunkCount,
        chunks: chunks.map((chunk): DocumentChunkResponse => ({ text: chunk.text, hash: chunk.hash, offset: chunk.index, vector: null })),
      };
    }),
  );
}
