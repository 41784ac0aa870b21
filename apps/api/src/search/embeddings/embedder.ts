import type { EmbeddingModel } from 'ai';
import { aiSdk } from '../../common/ai-sdk';

/** Batching and retry of embedding calls. */
export interface EmbedderOptions {
  readonly batchSize: number;
  readonly maxAttempts: number;
  /** First wait between tries; doubles each time. */
  readonly retryBaseDelayMs: number;
  readonly dimensions: number | null;
}

/** Turns texts into vectors with one embedding model, for indexing and for queries. */
export interface TextEmbedder {
  /** Stored vectors are keyed by this: vectors of different keys are never compared. */
  readonly modelKey: string;
  embed(texts: readonly string[]): Promise<number[][]>;
}

/**
 * Calls `embedMany` of the AI SDK in batches, one batch after the other, retrying a failed batch
 * with exponential backoff; a refusal the provider says is final (a 4xx other than 408/409/429) is
 * not retried.
 */
export class Embedder implements TextEmbedder {
  constructor(
    private readonly model: EmbeddingModel,
    readonly modelKey: string,
    private readonly options: EmbedderOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async embed(texts: readonly string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.options.batchSize) {
      vectors.push(...(await this.embedBatch(texts.slice(start, start + this.options.batchSize))));
    }
    return vectors;
  }

  private async embedBatch(values: string[]): Promise<number[][]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { embeddings } = await aiSdk().embedMany({
          model: this.model,
          values,
          // Retries are ours, so their count and delays follow the configuration.
          maxRetries: 0,
          ...(this.options.dimensions === null ? {} : { dimensions: this.options.dimensions }),
        });
        if (embeddings.length !== values.length) throw new Error(`embedding endpoint returned ${embeddings.length} vectors for ${values.length} texts`);
        return embeddings;
      } catch (error) {
        if (attempt >= this.options.maxAttempts || isFinal(error)) throw error;
        await this.sleep(this.options.retryBaseDelayMs * 2 ** (attempt - 1));
      }
    }
  }
}

function isFinal(error: unknown): boolean {
  return aiSdk().APICallError.isInstance(error) && !error.isRetryable;
}
