import { physicalCollectionName, READ_MODELS, type ReadModelKey } from '@app/contracts/read-models/read-model-names';
import { ProjectionProgress, waitForProjection } from '@app/projections';
import { GenerationRegistry, READ_STORE, type FindQuery, type ReadDocument, type ReadStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';

const GENERATION_CACHE_MS = 500;

/**
 * The api's only door to the read models: resolves each logical read model to the collection of the
 * active generation (which a rebuild may switch) and waits for the projector when a response must
 * show the caller's own write.
 */
@Injectable()
export class ReadModels {
  readonly generations: GenerationRegistry;
  private cachedGeneration: { value: number; readAt: number } | null = null;

  constructor(
    @Inject(READ_STORE) readonly store: ReadStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(ProjectionProgress) private readonly progress: ProjectionProgress,
  ) {
    this.generations = new GenerationRegistry(store);
  }

  async collection(key: ReadModelKey): Promise<string> {
    const now = Date.now();
    if (!this.cachedGeneration || now - this.cachedGeneration.readAt > GENERATION_CACHE_MS) {
      this.cachedGeneration = { value: await this.generations.active(), readAt: now };
    }
    return physicalCollectionName(READ_MODELS[key], this.cachedGeneration.value);
  }

  async get<T extends ReadDocument>(key: ReadModelKey, id: string): Promise<T | null> {
    return this.store.get<T>(await this.collection(key), id);
  }

  async getMany<T extends ReadDocument>(key: ReadModelKey, ids: readonly string[]): Promise<Map<string, T>> {
    return this.store.getMany<T>(await this.collection(key), ids);
  }

  async find<T extends ReadDocument>(key: ReadModelKey, query: FindQuery): Promise<T[]> {
    return this.store.find<T>(await this.collection(key), query);
  }

  async count(key: ReadModelKey, where: FindQuery['where']): Promise<number> {
    return this.store.count(await this.collection(key), where);
  }

  /**
   * Resolves once the read models include the event at `position` (503 on timeout), and makes the
   * reads that follow use the generation that was checked: right after a rebuild's switch, the
   * cached generation may still be the old one, which never saw this write.
   */
  async waitFor(position: number): Promise<void> {
    const generation = await waitForProjection(this.progress, this.store, this.generations, position, {
      timeoutMs: this.config.readYourWritesTimeoutMs,
    });
    this.cachedGeneration = { value: generation, readAt: Date.now() };
  }
}
