import type { DocumentKey, SearchIndex } from '@app/storage';
import type { Logger } from 'pino';
import type { DocumentIndexer } from './document-indexer';
import type { DocumentToIndex, IndexingOutcome } from './document-to-index';
import { IndexingQueue, type IndexingDelayStats, type IndexingJob, type IndexingQueueOptions } from './indexing-queue';

/** A job's acceptance: `applied` settles once search sees it. */
export interface IndexingTicket {
  readonly applied: Promise<void>;
}

/**
 * Keeps the search index in step with documents, off the request path: upserts and deletes are
 * queued (bounded, ordered per document) and applied by the indexer; the delay from enqueue to
 * searchable is measured for each job.
 */
export class IndexingService {
  private readonly queue: IndexingQueue<DocumentToIndex, IndexingOutcome | null>;

  constructor(
    private readonly index: SearchIndex,
    private readonly indexer: DocumentIndexer,
    options: IndexingQueueOptions,
    private readonly logger: Logger,
    /** Hears each applied job: its delay from enqueue, and what indexing did (null for deletes). */
    private readonly onApplied: (delayMs: number, outcome: IndexingOutcome | null) => void = () => undefined,
  ) {
    this.queue = new IndexingQueue<DocumentToIndex, IndexingOutcome | null>(
      (job) => this.apply(job),
      options,
      (delayMs, _job, outcome) => this.onApplied(delayMs, outcome),
      (error, job) => this.logger.error({ err: error, job: { kind: job.kind, dataSourceId: job.dataSourceId } }, 'search indexing failed'),
    );
  }

  /** Queues a document for (re)indexing; waits only while the queue is full. */
  upsertDocument(document: DocumentToIndex): Promise<IndexingTicket> {
    return this.queue.enqueue({ kind: 'upsert', dataSourceId: document.dataSourceId, documentId: document.documentId, document });
  }

  deleteDocument(key: DocumentKey): Promise<IndexingTicket> {
    return this.queue.enqueue({ kind: 'delete', ...key });
  }

  deleteDataSource(dataSourceId: string): Promise<IndexingTicket> {
    return this.queue.enqueue({ kind: 'delete_data_source', dataSourceId });
  }

  /** Resolves once every accepted job has been applied (or has failed). */
  whenIdle(): Promise<void> {
    return this.queue.whenIdle();
  }

  delayStats(): IndexingDelayStats {
    return this.queue.delayStats();
  }

  /** Stops accepting jobs and waits for the accepted ones. */
  async drain(): Promise<void> {
    this.queue.close();
    await this.queue.whenIdle();
  }

  private async apply(job: IndexingJob<DocumentToIndex>): Promise<IndexingOutcome | null> {
    switch (job.kind) {
      case 'upsert': {
        const outcome = await this.indexer.indexDocument(job.document);
        this.logger.debug({ dataSourceId: job.dataSourceId, documentId: job.documentId, ...outcome }, 'document indexed');
        return outcome;
      }
      case 'delete':
        await this.index.deleteDocument({ dataSourceId: job.dataSourceId, documentId: job.documentId });
        return null;
      case 'delete_data_source':
        await this.index.deleteDataSource(job.dataSourceId);
        return null;
      default: {
        const exhaustive: never = job;
        throw new Error(`unknown indexing job ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}
