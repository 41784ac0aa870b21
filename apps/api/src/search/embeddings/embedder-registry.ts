import type { ProviderSettings } from '../../config/provider-settings';
import type { SearchSettings } from '../../config/search-settings';
import { Embedder, type TextEmbedder } from './embedder';
import { chooseEmbeddingModel } from './embedding-model.factory';

/** The embedder of a workspace, or why its documents are searched by words only. */
export type EmbedderResolution = { readonly embedder: TextEmbedder; readonly lexicalOnlyReason: null } | { readonly embedder: null; readonly lexicalOnlyReason: string };

/** Builds one embedder per embedding choice and hands it to indexing and search alike. */
export class EmbedderRegistry {
  private readonly embedders = new Map<string, TextEmbedder>();

  constructor(
    private readonly providers: ProviderSettings,
    private readonly settings: SearchSettings,
  ) {}

  /** Resolves the embedder for a workspace's `defaultEmbeddingProvider`. */
  resolve(defaultEmbeddingProvider: string | null): EmbedderResolution {
    const choice = chooseEmbeddingModel(this.providers, this.settings.embeddingEndpoint, defaultEmbeddingProvider);
    if (choice.model === null) return { embedder: null, lexicalOnlyReason: choice.reason };
    let embedder = this.embedders.get(choice.modelKey);
    if (embedder === undefined) {
      embedder = new Embedder(choice.model, choice.modelKey, {
        batchSize: this.settings.embeddingBatchSize,
        maxAttempts: this.settings.embeddingMaxAttempts,
        retryBaseDelayMs: this.settings.embeddingRetryBaseDelayMs,
        dimensions: choice.dimensions,
      });
      this.embedders.set(choice.modelKey, embedder);
    }
    return { embedder, lexicalOnlyReason: null };
  }

  /** What start-up says about embeddings: the operator endpoint, or that search depends on workspace settings. */
  describe(): { readonly endpoint: string | null; readonly summary: string } {
    const endpoint = this.settings.embeddingEndpoint;
    if (endpoint !== null) return { endpoint: endpoint.baseUrl, summary: `hybrid search: embeddings by ${endpoint.model} at the operator's endpoint` };
    return {
      endpoint: null,
      summary:
        'no embedding endpoint (EMBEDDING_BASE_URL unset): search is lexical only (BM25) except in workspaces whose defaultEmbeddingProvider has credentials',
    };
  }
}
