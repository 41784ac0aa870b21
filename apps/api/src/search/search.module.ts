import { EVENT_STORE, openSearchIndex, READ_STORE, type EventStore, type ReadStore, type SearchIndex } from '@app/storage';
import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { Histogram } from 'prom-client';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { LOGGER } from '../common/logger';
import { Metrics } from '../metrics/metrics';
import { EmbedderRegistry } from './embeddings/embedder-registry';
import { DocumentIndexer } from './indexing/document-indexer';
import { IndexingService } from './indexing/indexing.service';
import { SearchIndexFollower } from './indexing/search-index-follower';
import { SearchService } from './search.service';
import { SEARCH_INDEX } from './search.tokens';

/** A histogram of delays in seconds, from 10 ms to a minute. */
function delayHistogram(metrics: Metrics, name: string, help: string): Histogram {
  return new Histogram({ name, help, buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers: [metrics.registry] });
}

/**
 * Search below the HTTP layer: the index the configuration names, embeddings, the indexing queue
 * and the hybrid search service. Start-up says whether search can use vectors, never silently.
 */
@Module({
  providers: [
    {
      provide: SEARCH_INDEX,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => openSearchIndex(config.search.index, { titleWeight: config.search.titleWeight }),
    },
    {
      provide: EmbedderRegistry,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => new EmbedderRegistry(config.providers, config.search),
    },
    {
      provide: IndexingService,
      inject: [SEARCH_INDEX, EmbedderRegistry, API_CONFIG, LOGGER, Metrics],
      useFactory: (index: SearchIndex, embedders: EmbedderRegistry, config: ApiConfig, logger: Logger, metrics: Metrics) => {
        const delay = delayHistogram(metrics, 'search_indexing_delay_seconds', 'Time from a document change being queued to the search index showing it.');
        const chunking = { maxTokens: config.search.chunkMaxTokens, overlapTokens: config.search.chunkOverlapTokens };
        const indexer = new DocumentIndexer(index, embedders, chunking, logger);
        const queue = { capacity: config.search.indexingQueueCapacity, concurrency: config.search.indexingConcurrency };
        return new IndexingService(index, indexer, queue, logger, (delayMs) => delay.observe(delayMs / 1000));
      },
    },
    {
      provide: SearchIndexFollower,
      inject: [EVENT_STORE, READ_STORE, IndexingService, LOGGER, Metrics],
      useFactory: (eventStore: EventStore, readStore: ReadStore, indexing: IndexingService, logger: Logger, metrics: Metrics) => {
        const searchable = delayHistogram(metrics, 'search_upsert_to_searchable_seconds', 'Time from a document change being recorded in the log to the search index showing it.');
        return new SearchIndexFollower(eventStore, readStore, indexing, logger.child({ component: 'search-index' }), (delayMs) => searchable.observe(delayMs / 1000));
      },
    },
    {
      provide: SearchService,
      inject: [SEARCH_INDEX, EmbedderRegistry, LOGGER],
      useFactory: (index: SearchIndex, embedders: EmbedderRegistry, logger: Logger) => new SearchService(index, embedders, logger),
    },
  ],
  exports: [SearchService, IndexingService, EmbedderRegistry, SEARCH_INDEX, SearchIndexFollower],
})
export class SearchModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly embedders: EmbedderRegistry,
    private readonly indexing: IndexingService,
    private readonly follower: SearchIndexFollower,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { endpoint, summary } = this.embedders.describe();
    const index = this.config.search.index.kind;
    if (endpoint === null) this.logger.warn({ searchIndex: index }, summary);
    else this.logger.info({ searchIndex: index, embeddingEndpoint: endpoint }, summary);
    this.follower.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
    await this.indexing.drain();
    await this.index.close();
  }
}
