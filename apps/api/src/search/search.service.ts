import type { SearchDocumentsResponse, SearchResultDocument } from '@app/contracts/http/search-result.types';
import type { ChunkHit, DocumentKey, IndexedChunk, IndexedDocumentSummary, SearchFilter, SearchIndex } from '@app/storage';
import type { Logger } from 'pino';
import type { EmbedderRegistry } from './embeddings/embedder-registry';
import { expandWithNeighbours, type SelectedChunk } from './ranking/neighbour-expansion';
import { fuseByReciprocalRank } from './ranking/reciprocal-rank-fusion';
import type { SearchMode, SearchParams } from './search-params';

/** The documents found, and whether vectors took part. */
export interface SearchOutcome extends SearchDocumentsResponse {
  readonly mode: SearchMode;
  readonly lexicalOnlyReason: string | null;
}

// Each retriever looks this many times deeper than top_k, so fusion can lift a chunk that only one
// of them ranks high.
const CANDIDATE_FACTOR = 3;
const MIN_CANDIDATES = 50;
const MAX_CANDIDATES = 1000;
// Hits of one document this close together are read with one range query.
const RANGE_READ_SPAN = 64;

/**
 * Hybrid search over the index: BM25 and vector candidates fused by reciprocal rank, the best
 * `topK` chunks grouped into documents ranked by their best chunk. Chunk scores are the fused
 * score in (0, 1] in hybrid mode and the BM25 score when the search is lexical only.
 */
export class SearchService {
  constructor(
    private readonly index: SearchIndex,
    private readonly embedders: EmbedderRegistry,
    private readonly logger: Logger,
  ) {}

  /** How a workspace's searches are answered, for a data source's metadata to show. */
  modeFor(embeddingProvider: string | null): { readonly mode: SearchMode; readonly lexicalOnlyReason: string | null } {
    const { lexicalOnlyReason } = this.embedders.resolve(embeddingProvider);
    return { mode: lexicalOnlyReason === null ? 'hybrid' : 'lexical', lexicalOnlyReason };
  }

  async search(params: SearchParams): Promise<SearchOutcome> {
    const filter = filterOf(params);
    const candidates = Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, params.topK * CANDIDATE_FACTOR));
    const lexical = await this.index.searchLexical(params.query, filter, candidates);
    const { vector, lexicalOnlyReason } = await this.vectorHits(params, filter, candidates);
    const ranked = vector === null ? lexical : fuseByReciprocalRank([lexical, vector]);
    const documents = await this.documentsOf(ranked.slice(0, Math.max(0, params.topK)), params);
    return { documents, mode: vector === null ? 'lexical' : 'hybrid', lexicalOnlyReason };
  }

  private async vectorHits(
    params: SearchParams,
    filter: SearchFilter,
    candidates: number,
  ): Promise<{ vector: ChunkHit[] | null; lexicalOnlyReason: string | null }> {
    const resolution = this.embedders.resolve(params.embeddingProvider);
    if (resolution.embedder === null) return { vector: null, lexicalOnlyReason: resolution.lexicalOnlyReason };
    if (params.query.trim().length === 0) return { vector: null, lexicalOnlyReason: 'empty query' };
    try {
      const [queryVector] = await resolution.embedder.embed([params.query]);
      const hits = await this.index.searchVector(queryVector, resolution.embedder.modelKey, filter, candidates);
      return { vector: hits, lexicalOnlyReason: null };
    } catch (error) {
      this.logger.warn({ err: error }, 'query embedding failed: answering with lexical search only');
      return { vector: null, lexicalOnlyReason: `query embedding failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  private async documentsOf(hits: readonly ChunkHit[], params: SearchParams): Promise<SearchResultDocument[]> {
    const groups = new Map<string, { key: DocumentKey; hits: ChunkHit[] }>();
    for (const hit of hits) {
      const id = `${hit.dataSourceId}\u0000${hit.documentId}`;
      let group = groups.get(id);
      if (group === undefined) {
        group = { key: { dataSourceId: hit.dataSourceId, documentId: hit.documentId }, hits: [] };
        groups.set(id, group);
      }
      group.hits.push(hit);
    }
    const summaries = await this.index.getDocuments([...groups.values()].map((group) => group.key));
    const byId = new Map(summaries.map((summary) => [`${summary.dataSourceId}\u0000${summary.documentId}`, summary]));
    const documents: SearchResultDocument[] = [];
    for (const [id, group] of groups) {
      const summary = byId.get(id);
      // Deleted between the chunk search and this read: not a result any more.
      if (summary === undefined) continue;
      const selected = await this.chunksOf(summary, group.hits, params.targetDocumentTokens);
      documents.push(render(summary, selected, params.fullText, group.hits[0].score));
    }
    return documents;
  }

  private async chunksOf(summary: IndexedDocumentSummary, hits: readonly ChunkHit[], targetTokens: number | null): Promise<SelectedChunk[]> {
    const key = { dataSourceId: summary.dataSourceId, documentId: summary.documentId };
    const indexes = hits.map((hit) => hit.chunkIndex);
    const low = Math.min(...indexes);
    const high = Math.max(...indexes);
    let available: IndexedChunk[];
    if (targetTokens !== null) available = await this.index.getChunks(key, 0, summary.chunkCount - 1);
    else if (high - low <= RANGE_READ_SPAN) available = await this.index.getChunks(key, low, high);
    else available = (await Promise.all(indexes.map((index) => this.index.getChunks(key, index, index)))).flat();
    const byIndex = new Map(available.map((chunk) => [chunk.index, chunk]));
    const selected = hits.flatMap((hit): SelectedChunk[] => {
      const chunk = byIndex.get(hit.chunkIndex);
      return chunk === undefined ? [] : [{ chunk, score: hit.score }];
    });
    return targetTokens === null ? selected : expandWithNeighbours(selected, available, targetTokens);
  }
}

function filterOf(params: SearchParams): SearchFilter {
  return {
    dataSourceIds: params.dataSourceIds,
    ...(params.timestampGt === null ? {} : { timestampGt: params.timestampGt }),
    ...(params.timestampLt === null ? {} : { timestampLt: params.timestampLt }),
    ...(params.tagsIn === null ? {} : { tagsIn: params.tagsIn }),
    ...(params.tagsNot === null ? {} : { tagsNot: params.tagsNot }),
    ...(params.parentsIn === null ? {} : { parentsIn: params.parentsIn }),
    ...(params.parentsNot === null ? {} : { parentsNot: params.parentsNot }),
    ...(params.viewParentsIn === null ? {} : { scopeParentsIn: params.viewParentsIn }),
  };
}

function render(summary: IndexedDocumentSummary, chunks: readonly SelectedChunk[], fullText: boolean, score: number): SearchResultDocument {
  return {
    data_source_id: summary.dataSourceId,
    created: summary.created,
    document_id: summary.documentId,
    title: summary.title,
    mime_type: summary.mimeType,
    timestamp: summary.timestamp,
    parent_id: summary.parentId,
    parents: summary.parents,
    tags: summary.tags,
    source_url: summary.sourceUrl,
    hash: summary.hash,
    text_size: Buffer.byteLength(summary.text, 'utf8'),
    chunk_count: summary.chunkCount,
    chunks: chunks.map(({ chunk, score: chunkScore }) => ({ text: chunk.text, hash: chunk.hash, offset: chunk.index, score: chunkScore })),
    text: fullText ? summary.text : null,
    score,
  };
}
