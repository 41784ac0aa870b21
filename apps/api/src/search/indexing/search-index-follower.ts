import { isDataSourceDocumentEvent, type DocumentUpserted } from '@app/contracts/events/data-source/data-source-document.events';
import { isDataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { upcast } from '@app/contracts/events/upcast';
import type { EventStore, ReadStore, RecordedEvent } from '@app/storage';
import type { Logger } from 'pino';
import { LogFollowerLoop } from '../../event-sourcing/following/log-follower-loop';
import { documentToIndexOf } from './document-event-indexing';
import type { IndexingService, IndexingTicket } from './indexing.service';

/** Checkpoint name of the search index in the read store. */
export const SEARCH_INDEX_CHECKPOINT = 'search_index';

const CHECKPOINT_EVERY_MS = 250;

/**
 * Keeps the search index a read model of the log: it follows the global log from its checkpoint
 * and feeds the indexing service (`DocumentUpserted` indexes, `DocumentDeleted` removes,
 * `DocumentParentsChanged` re-indexes the last upserted content with the new parents,
 * `DataSourceDeleted` drops the data source). The checkpoint only moves past events whose
 * indexing has been applied, so a restart re-reads what was not; re-applying is harmless
 * (upserts replace, vectors are reused by content hash). Setting the checkpoint back to 0
 * rebuilds the index from the log.
 */
export class SearchIndexFollower {
  private readonly loop: LogFollowerLoop;
  private lastEnqueued = -1;
  private saved = -1;
  private checkpointTimer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | null = null;
  private caughtUp = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly indexing: IndexingService,
    private readonly logger: Logger,
    /** Hears, once the follower is live, the delay from a document change being recorded to search showing it. */
    private readonly onSearchable: (delayMs: number) => void = () => undefined,
  ) {
    const steps = {
      begin: () => this.begin(),
      apply: (event: RecordedEvent) => this.apply(event),
      caughtUp: (from: number, to: number) => {
        this.caughtUp = true;
        this.logger.info({ from, to }, 'search index caught up with the log');
      },
    };
    this.loop = new LogFollowerLoop(eventStore, steps, logger, 'search index');
  }

  start(): void {
    this.loop.start();
    this.checkpointTimer = setInterval(() => void this.saveCheckpoint(), CHECKPOINT_EVERY_MS);
    this.checkpointTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.checkpointTimer);
    await this.loop.stop();
    await this.saveCheckpoint();
  }

  /** Resolves once every event up to `position` has been applied to the index. */
  async waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.lastEnqueued < position) {
      if (Date.now() > deadline) throw new Error(`search index did not reach position ${position}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await this.indexing.whenIdle();
  }

  private async begin(): Promise<number> {
    const start = (await this.readStore.getCheckpoint(SEARCH_INDEX_CHECKPOINT)) ?? 0;
    this.caughtUp = false;
    // Everything up to the checkpoint is in the index already.
    this.lastEnqueued = Math.max(this.lastEnqueued, start);
    this.saved = Math.max(this.saved, start);
    return start;
  }

  private async apply(recorded: RecordedEvent): Promise<void> {
    const ticket = await this.ticketFor(upcast(recorded));
    this.lastEnqueued = recorded.position;
    if (ticket !== null && this.caughtUp) {
      const recordedAt = recorded.recordedAt;
      void ticket.applied.then(() => this.onSearchable(Date.now() - recordedAt), () => undefined);
    }
  }

  private async ticketFor(event: RecordedEvent): Promise<IndexingTicket | null> {
    if (isDataSourceDocumentEvent(event)) {
      switch (event.type) {
        case 'DocumentUpserted':
          return this.indexing.upsertDocument(documentToIndexOf(event.data));
        case 'DocumentDeleted':
          return this.indexing.deleteDocument({ dataSourceId: event.data.dataSourceId, documentId: event.data.documentId });
        case 'DocumentParentsChanged': {
          const upserted = await this.lastUpsertBefore(event);
          return upserted === null ? null : this.indexing.upsertDocument(documentToIndexOf(upserted, event.data));
        }
      }
    }
    if (isDataSourceEvent(event) && event.type === 'DataSourceDeleted') return this.indexing.deleteDataSource(event.data.dataSourceId);
    return null;
  }

  /** The document's content as its stream last recorded it before this event. */
  private async lastUpsertBefore(event: RecordedEvent): Promise<DocumentUpserted['data'] | null> {
    const stream = await this.eventStore.readStream(event.streamName, { maxCount: event.revision });
    for (let i = stream.length - 1; i >= 0; i -= 1) {
      const earlier = upcast(stream[i]);
      if (earlier.type === 'DocumentUpserted') return earlier.data as unknown as DocumentUpserted['data'];
      if (earlier.type === 'DocumentDeleted') return null;
    }
    return null;
  }

  /** Moves the checkpoint to the last event whose indexing every earlier job has finished. */
  private async saveCheckpoint(): Promise<void> {
    if (this.saving !== null) return this.saving;
    this.saving = (async () => {
      const position = this.lastEnqueued;
      if (position <= this.saved) return;
      await this.indexing.whenIdle();
      await this.readStore.commit({ puts: [], deletes: [], checkpoint: { name: SEARCH_INDEX_CHECKPOINT, position } });
      this.saved = position;
    })()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'search index checkpoint not saved'))
      .finally(() => {
        this.saving = null;
      });
    return this.saving;
  }
}
