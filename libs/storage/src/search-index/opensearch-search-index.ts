import { Client } from '@opensearch-project/opensearch';
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
import {
  CHUNKS_MAPPING,
  DOCUMENTS_MAPPING,
  openSearchFilter,
  vectorField,
  VECTORS_MAPPING,
  type QueryClause,
} from './opensearch-search-query';

/** Options of the OpenSearch search index. */
export interface OpenSearchSearchIndexOptions {
  readonly url: string;
  /** Prefix of the three index names (`<prefix>-chunks`, `-documents`, `-vectors`). */
  readonly indexPrefix?: string;
  /** Boost of a word found in the title, relative to one in the text (1). */
  readonly titleWeight?: number;
}

interface ChunkSource {
  readonly ds: string;
  readonly doc: string;
  readonly idx: number;
  readonly text: string;
  readonly hash: string;
  readonly token_count: number;
  readonly [field: string]: unknown;
}

interface SearchHit<T> {
  readonly _id: string;
  readonly _score?: number | null;
  readonly _source?: T;
}

/**
 * The search index on OpenSearch: BM25 over english-analyzed chunk text, k-NN (Lucene HNSW, cosine)
 * over chunk vectors with the filters applied inside the graph search. Writes refresh before they
 * return, so a search right after an upsert sees it, as with the embedded index.
 */
export class OpenSearchSearchIndex implements SearchIndex {
  private readonly client: Client;
  private readonly chunks: string;
  private readonly documents: string;
  private readonly vectors: string;
  private readonly titleWeight: number;
  private ready: Promise<void> | null = null;
  private readonly vectorFields = new Set<number>();

  constructor(options: OpenSearchSearchIndexOptions) {
    this.client = new Client({ node: options.url });
    const prefix = options.indexPrefix ?? 'search';
    this.chunks = `${prefix}-chunks`;
    this.documents = `${prefix}-documents`;
    this.vectors = `${prefix}-vectors`;
    this.titleWeight = options.titleWeight ?? 1;
  }

  async upsertDocument(document: IndexedDocument): Promise<void> {
    await this.ensureIndexes();
    const key = { dataSourceId: document.dataSourceId, documentId: document.documentId };
    const [previous] = await this.getDocuments([key]);
    await this.removeChunks(key);
    const dimensions = document.chunks.find((chunk) => chunk.vector !== null)?.vector?.length;
    if (dimensions !== undefined) await this.ensureVectorField(dimensions);
    const { chunks, ...summary } = document;
    const body: Record<string, unknown>[] = [
      { index: { _index: this.documents, _id: documentIdOf(key) } },
      { ds: key.dataSourceId, doc: key.documentId, summary: { ...summary, created: previous?.created ?? summary.created, chunkCount: chunks.length } },
    ];
    for (const chunk of chunks) {
      body.push({ index: { _index: this.chunks, _id: `${documentIdOf(key)}#${chunk.index}` } });
      body.push({
        ds: key.dataSourceId,
        doc: key.documentId,
        idx: chunk.index,
        title: document.title,
        text: chunk.text,
        hash: chunk.hash,
        token_count: chunk.tokenCount,
        model: chunk.vector === null ? null : document.embeddingModel,
        timestamp: document.timestamp,
        tags: document.tags,
        parents: document.parents,
        ...(chunk.vector === null ? {} : { [vectorField(chunk.vector.length)]: chunk.vector }),
      });
    }
    await this.bulk(body);
  }

  async deleteDocument(key: DocumentKey): Promise<void> {
    await this.ensureIndexes();
    await this.removeChunks(key);
    await this.client.delete({ index: this.documents, id: documentIdOf(key), refresh: true }).catch(ignoreNotFound);
  }

  async deleteDataSource(dataSourceId: string): Promise<void> {
    await this.ensureIndexes();
    for (const index of [this.chunks, this.documents]) {
      await this.client.deleteByQuery({ index, refresh: true, conflicts: 'proceed', body: { query: { term: { ds: dataSourceId } } } });
    }
  }

  async searchLexical(query: string, filter: SearchFilter, limit: number): Promise<ChunkHit[]> {
    if (limit <= 0 || !/[\p{L}\p{N}]/u.test(query)) return [];
    await this.ensureIndexes();
    const match: QueryClause = {
      bool: {
        should: [{ match: { text: { query } } }, { match: { title: { query, boost: this.titleWeight } } }],
        minimum_should_match: 1,
        filter: [openSearchFilter(filter)],
      },
    };
    const hits = await this.searchChunks({ query: match, size: limit });
    return hits.map((hit) => hitOf(hit, hit._score ?? 0));
  }

  async searchVector(vector: readonly number[], embeddingModel: string, filter: SearchFilter, limit: number): Promise<ChunkHit[]> {
    if (limit <= 0 || vector.length === 0) return [];
    await this.ensureIndexes();
    if (!(await this.hasVectorField(vector.length))) return [];
    const withModel: QueryClause = { bool: { filter: [openSearchFilter(filter), { term: { model: embeddingModel } }] } };
    const hits = await this.searchChunks({
      size: limit,
      query: { knn: { [vectorField(vector.length)]: { vector: [...vector], k: limit, filter: withModel } } },
    });
    // The Lucene engine scores cosine similarity as (1 + cos) / 2; hits carry the cosine itself.
    return hits.map((hit) => hitOf(hit, 2 * (hit._score ?? 0.5) - 1));
  }

  async getDocuments(keys: readonly DocumentKey[]): Promise<IndexedDocumentSummary[]> {
    if (keys.length === 0) return [];
    await this.ensureIndexes();
    const response = await this.client.mget({ index: this.documents, body: { ids: keys.map(documentIdOf) } });
    const docs = (response.body.docs ?? []) as { found?: boolean; _source?: { summary: IndexedDocumentSummary } }[];
    return docs.flatMap((doc) => (doc.found && doc._source ? [doc._source.summary] : []));
  }

  async getChunks(key: DocumentKey, from: number, to: number): Promise<IndexedChunk[]> {
    await this.ensureIndexes();
    const hits = await this.searchChunks({
      size: Math.max(0, to - from + 1),
      sort: [{ idx: 'asc' }],
      query: {
        bool: { filter: [{ term: { ds: key.dataSourceId } }, { term: { doc: key.documentId } }, { range: { idx: { gte: from, lte: to } } }] },
      },
    });
    return hits.flatMap((hit) => {
      const source = hit._source;
      if (source === undefined) return [];
      const vector = Object.entries(source).find(([field]) => field.startsWith('vector_'))?.[1];
      return [{ index: source.idx, text: source.text, hash: source.hash, tokenCount: source.token_count, vector: Array.isArray(vector) ? vector.map(Number) : null }];
    });
  }

  async getStoredVectors(embeddingModel: string, hashes: readonly string[]): Promise<StoredVector[]> {
    const unique = [...new Set(hashes)];
    if (unique.length === 0) return [];
    await this.ensureIndexes();
    const response = await this.client.mget({ index: this.vectors, body: { ids: unique.map((hash) => `${embeddingModel}:${hash}`) } });
    const docs = (response.body.docs ?? []) as { found?: boolean; _source?: { hash: string; vector: number[] } }[];
    return docs.flatMap((doc) => (doc.found && doc._source ? [{ hash: doc._source.hash, vector: doc._source.vector }] : []));
  }

  async storeVectors(embeddingModel: string, vectors: readonly StoredVector[]): Promise<void> {
    if (vectors.length === 0) return;
    await this.ensureIndexes();
    await this.bulk(
      vectors.flatMap(({ hash, vector }) => [
        { index: { _index: this.vectors, _id: `${embeddingModel}:${hash}` } },
        { model: embeddingModel, hash, vector: [...vector] },
      ]),
    );
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async searchChunks(body: Record<string, unknown>): Promise<SearchHit<ChunkSource>[]> {
    const response = await this.client.search({ index: this.chunks, body });
    return (response.body.hits.hits ?? []) as SearchHit<ChunkSource>[];
  }

  private async removeChunks(key: DocumentKey): Promise<void> {
    await this.client.deleteByQuery({
      index: this.chunks,
      refresh: true,
      conflicts: 'proceed',
      body: { query: { bool: { filter: [{ term: { ds: key.dataSourceId } }, { term: { doc: key.documentId } }] } } },
    });
  }

  private async bulk(body: Record<string, unknown>[]): Promise<void> {
    const response = await this.client.bulk({ body, refresh: true });
    if (response.body.errors) {
      const failed = response.body.items.map((item) => Object.values(item)[0]?.error).find((error) => error != null);
      throw new Error(`OpenSearch bulk write failed: ${JSON.stringify(failed)}`);
    }
  }

  private ensureIndexes(): Promise<void> {
    this.ready ??= (async () => {
      for (const [index, body] of [
        [this.chunks, CHUNKS_MAPPING],
        [this.documents, DOCUMENTS_MAPPING],
        [this.vectors, VECTORS_MAPPING],
      ] as const) {
        const exists = await this.client.indices.exists({ index });
        if (!exists.body) await this.client.indices.create({ index, body: structuredClone(body) }).catch(ignoreAlreadyExists);
      }
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async hasVectorField(dimensions: number): Promise<boolean> {
    if (this.vectorFields.has(dimensions)) return true;
    const response = await this.client.indices.getMapping({ index: this.chunks });
    const mapping = Object.values(response.body)[0] as { mappings?: { properties?: Record<string, unknown> } } | undefined;
    const present = mapping?.mappings?.properties?.[vectorField(dimensions)] !== undefined;
    if (present) this.vectorFields.add(dimensions);
    return present;
  }

  private async ensureVectorField(dimensions: number): Promise<void> {
    if (await this.hasVectorField(dimensions)) return;
    // Cosine similarity with Lucene's HNSW, which applies the filters during the graph search.
    const field = { type: 'knn_vector', dimension: dimensions, method: { name: 'hnsw', space_type: 'cosinesimil', engine: 'lucene' } } as const;
    await this.client.indices.putMapping({ index: this.chunks, body: { properties: { [vectorField(dimensions)]: field } } });
    this.vectorFields.add(dimensions);
  }
}

function documentIdOf(key: DocumentKey): string {
  return `${key.dataSourceId}:${key.documentId}`;
}

function hitOf(hit: SearchHit<ChunkSource>, score: number): ChunkHit {
  const source = hit._source;
  if (source === undefined) throw new Error('OpenSearch returned a chunk hit without its source');
  return { dataSourceId: source.ds, documentId: source.doc, chunkIndex: source.idx, score };
}

function statusOf(error: unknown): number | undefined {
  const meta = (error as { meta?: { statusCode?: number } } | null)?.meta;
  return meta?.statusCode;
}

function ignoreNotFound(error: unknown): void {
  if (statusOf(error) !== 404) throw error;
}

function ignoreAlreadyExists(error: unknown): void {
  if (statusOf(error) !== 400) throw error;
}
