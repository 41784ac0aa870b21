import type {
  AppendOptions,
  AppendResult,
  CommitListener,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from '@app/storage';

/** Counts one appended event of a type. */
export type AppendCounter = (eventType: string) => void;

/**
 * The event store as the api uses it, with every event it appends counted by type: commands,
 * token batches, run claims all go through `append`, so this is the one place to count them.
 * Everything else goes to the store untouched.
 */
export class CountingEventStore implements EventStore {
  /** The store's own, when it has one: an optional capability stays optional through the wrapper. */
  readonly watchCommits?: (listener: CommitListener) => () => void;

  constructor(
    private readonly store: EventStore,
    private readonly count: AppendCounter,
  ) {
    this.watchCommits = store.watchCommits?.bind(store);
  }

  async append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision, options?: AppendOptions): Promise<AppendResult> {
    const result = await this.store.append(streamName, events, expected, options);
    for (const event of events) this.count(event.type);
    return result;
  }

  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.store.readStream(streamName, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.store.readAll(options);
  }

  subscribeToAll(options?: { readonly after?: number }): EventSubscription {
    return this.store.subscribeToAll(options);
  }

  subscribeToStream(streamName: string, options?: { readonly afterRevision?: number }): EventSubscription {
    return this.store.subscribeToStream(streamName, options);
  }

  headPosition(): Promise<number> {
    return this.store.headPosition();
  }

  ping(): Promise<boolean> {
    return this.store.ping();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
