import type { EmbeddingModel } from 'ai';
import { aiSdkProviders } from '../../common/ai-sdk';
import type { ProviderSettings } from '../../config/provider-settings';
import type { EmbeddingEndpointSettings } from '../../config/search-settings';

/** An embedding model and the key its vectors are stored under (provider, model and size). */
export interface EmbeddingModelChoice {
  readonly model: EmbeddingModel;
  readonly modelKey: string;
  readonly dimensions: number | null;
}

/** Why a workspace's documents are indexed lexically only. */
export interface NoEmbeddingModel {
  readonly model: null;
  readonly reason: string;
}

// The embedding model each built-in provider offers by default, as the system we mirror uses.
const PROVIDER_EMBEDDING_MODELS: Readonly<Record<string, string>> = {
  openai: 'text-embedding-3-small',
  mistral: 'mistral-embed',
  google_ai_studio: 'gemini-embedding-001',
};

/**
 * Chooses the embedding model for a workspace: the operator's endpoint when configured (it serves
 * every workspace), else the workspace's `defaultEmbeddingProvider` when that provider has
 * credentials and offers embeddings; otherwise none, with the reason.
 */
export function chooseEmbeddingModel(
  providers: ProviderSettings,
  endpoint: EmbeddingEndpointSettings | null,
  defaultEmbeddingProvider: string | null,
): EmbeddingModelChoice | NoEmbeddingModel {
  if (endpoint !== null) {
    const provider = aiSdkProviders.openAiCompatible().createOpenAICompatible({ name: 'embedding-endpoint', baseURL: endpoint.baseUrl, apiKey: endpoint.apiKey?.reveal() });
    return {
      model: provider.embeddingModel(endpoint.model),
      modelKey: `endpoint:${endpoint.model}:${endpoint.dimensions ?? 'native'}`,
      dimensions: endpoint.dimensions,
    };
  }
  if (defaultEmbeddingProvider === null) {
    return { model: null, reason: 'no embedding provider: set EMBEDDING_BASE_URL and EMBEDDING_MODEL, or a workspace defaultEmbeddingProvider' };
  }
  const modelId = PROVIDER_EMBEDDING_MODELS[defaultEmbeddingProvider];
  if (modelId === undefined) {
    return { model: null, reason: `provider ${defaultEmbeddingProvider} offers no embedding model here: set EMBEDDING_BASE_URL and EMBEDDING_MODEL` };
  }
  const modelKey = `${defaultEmbeddingProvider}:${modelId}`;
  switch (defaultEmbeddingProvider) {
    case 'openai':
      if (providers.openai === null) break;
      return {
        model: aiSdkProviders.openai().createOpenAI({ apiKey: providers.openai.apiKey.reveal(), baseURL: providers.openai.baseUrl ?? undefined }).embedding(modelId),
        modelKey,
        dimensions: null,
      };
    case 'mistral':
      if (providers.mistral === null) break;
      return { model: aiSdkProviders.mistral().createMistral({ apiKey: providers.mistral.apiKey.reveal() }).embedding(modelId), modelKey, dimensions: null };
    case 'google_ai_studio':
      if (providers.google_ai_studio === null) break;
      return { model: aiSdkProviders.google().createGoogleGenerativeAI({ apiKey: providers.google_ai_studio.apiKey.reveal() }).embedding(modelId), modelKey, dimensions: null };
  }
  return { model: null, reason: `embedding provider ${defaultEmbeddingProvider} is not configured (no API key)` };
}
