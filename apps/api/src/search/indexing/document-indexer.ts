import { createHash } from 'node:crypto';
import type { IndexedChunk, SearchIndex, StoredVector } from '@app/storage';
import type { Logger } from 'pino';
import { chunkDocument, type ChunkingOptions, type DocumentChunk } from '../chunking/document-chunker';
import { sectionText } from '../chunking/document-section';
import type { EmbedderRegistry } from '../embeddings/embedder-registry';
import type { TextEmbedder } from '../embeddings/embedder';
import type { DocumentToIndex, IndexingOutcome } from './document-to-index';

/**
 * Chunks a document, embeds the chunks whose vectors are not stored yet (a rebuild or an unchanged
 * chunk pays nothing), and replaces the document in the search index. An embedding failure, after
 * the embedder's retries, leaves the document searchable by words and is logged.
 */
export class DocumentIndexer {
  constructor(
    private readonly index: SearchIndex,
    private readonly embedders: EmbedderRegistry,
    private readonly chunking: ChunkingOptions,
    private readonly logger: Logger,
  ) {}

  async indexDocument(document: DocumentToIndex): Promise<IndexingOutcome> {
    const text = 'text' in document.source ? document.source.text : sectionText(document.source.section);
    const chunks = await chunkDocument(document.source, this.chunking);
    const resolution = this.embedders.resolve(document.embeddingProvider);
    let vectors: Map<string, readonly number[]> | null = null;
    let reused = 0;
    let computed = 0;
    let lexicalOnlyReason = resolution.lexicalOnlyReason;
    if (resolution.embedder !== null && chunks.length > 0) {
      try {
        const embedded = await this.vectorsOf(resolution.embedder, chunks);
        ({ vectors, reused, computed } = embedded);
      } catch (error) {
        lexicalOnlyReason = `embedding failed: ${error instanceof Error ? error.message : String(error)}`;
        this.logger.warn(
          { dataSourceId: document.dataSourceId, documentId: document.documentId, err: error },
          'embedding failed: the document is indexed for lexical search only',
        );
      }
    }
    const indexed: IndexedChunk[] = chunks.map((chunk) => ({ ...chunk, vector: vectors?.get(chunk.hash) ?? null }));
    await this.index.upsertDocument({
      dataSourceId: document.dataSourceId,
      documentId: document.documentId,
      title: document.title,
      text,
      hash: createHash('sha256').update(text).digest('hex'),
      tags: document.tags,
      parents: document.parents,
      parentId: document.parentId,
      sourceUrl: document.sourceUrl,
      mimeType: document.mimeType,
      timestamp: document.timestamp,
      created: document.created,
      embeddingModel: vectors === null ? null : (resolution.embedder?.modelKey ?? null),
      chunks: indexed,
    });
    return { chunkCount: chunks.length, reusedVectors: reused, computedVectors: computed, lexicalOnlyReason };
  }

  private async vectorsOf(
    embedder: TextEmbedder,
    chunks: readonly DocumentChunk[],
  ): Promise<{ vectors: Map<string, readonly number[]>; reused: number; computed: number }> {
    const byHash = new Map(chunks.map((chunk) => [chunk.hash, chunk]));
    const stored = await this.index.getStoredVectors(embedder.modelKey, [...byHash.keys()]);
    const vectors = new Map<string, readonly number[]>(stored.map((entry) => [entry.hash, entry.vector]));
    const missing = [...byHash.values()].filter((chunk) => !vectors.has(chunk.hash));
    if (missing.length > 0) {
      const fresh = await embedder.embed(missing.map((chunk) => chunk.text));
      const entries: StoredVector[] = missing.map((chunk, i) => ({ hash: chunk.hash, vector: fresh[i] }));
      await this.index.storeVectors(embedder.modelKey, entries);
      for (const entry of entries) vectors.set(entry.hash, entry.vector);
    }
    return { vectors, reused: stored.length, computed: missing.length };
  }
}
