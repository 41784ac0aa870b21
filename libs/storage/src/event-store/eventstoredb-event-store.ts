import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type AppendToStreamOptions,
  type EventData,
  type Position,
  type ReadAllOptions as EsdbReadAllOptions,
  type ReadPosition,
  type ReadStreamOptions as EsdbReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
  type SubscribeToStreamOptions,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './event-store.port';
import { assertStorableEvents } from './storable-event';
import { classifyResolved, type AnyResolvedEvent, type SkippedEvent } from './eventstoredb-recorded-event';
import { consumeRead, type EsdbRead } from './eventstoredb-reads';
import { EsdbSubscription, type EsdbLiveSubscription } from './eventstoredb-subscription';

// $all holds system events too; reading it in pages keeps a filtered read bounded in memory.
const PAGE_SIZE = 256;
const PING_DEADLINE_MS = 2000;
/** Longest wait for the bounded reads the adapter makes for itself (head position, duplicate lookup). */
const INTERNAL_READ_DEADLINE_MS = 10_000;
/** How far back, beyond the batch itself, a conflicting append looks for its own events (a retry). */
const DUPLICATE_LOOKBACK = 256;

/** The part of the client the adapter uses (the client itself, or a test double). */
export interface EsdbClient {
  appendToStream(streamName: string, events: EventData[], options: AppendToStreamOptions): Promise<EsdbAppendResult>;
  readStream(streamName: string, options: EsdbReadStreamOptions): EsdbRead<ResolvedEvent>;
  readAll(options: EsdbReadAllOptions): EsdbRead<AllStreamResolvedEvent>;
  subscribeToAll(options: SubscribeToAllOptions): EsdbLiveSubscription<AllStreamResolvedEvent>;
  subscribeToStream(streamName: string, options: SubscribeToStreamOptions): EsdbLiveSubscription<ResolvedEvent>;
  dispose(): Promise<void>;
}

/** Options of {@link EventStoreDbEventStore}. */
export interface EventStoreDbEventStoreOptions {
  /**
   * Told of each event skipped because the service did not write it (another writer of the same
   * server: data that is not a JSON object, metadata without `schemaVersion`). System events are
   * skipped silently.
   */
  readonly onSkip?: (skipped: SkippedEvent) => void;
}

/** Event store on EventStoreDB / KurrentDB over gRPC (`esdb://…` or `kurrentdb://…` connection string). */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EsdbClient;
  private readonly subscriptions = new Set<EventSubscription>();
  private readonly onSkip: (skipped: SkippedEvent) => void;

  constructor(connection: string | EsdbClient, options: EventStoreDbEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(toEsdbConnectionString(connection)) : connection;
    this.onSkip = options.onSkip ?? (() => undefined);
  }

  async append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    assertStorableEvents(streamName, events);
    const eventData = events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: { ...event.data }, metadata: { ...event.metadata } }),
    );
    try {
      const result = await this.client.appendToStream(streamName, eventData, { expectedRevision: toEsdbExpected(expected) });
      const nextRevision = Number(result.nextExpectedRevision);
      // The server reports one position per write (absent for duplicates, not documented as the last
      // event's for batches), so read the last event back: one more round trip, never a wrong checkpoint.
      if (nextRevision < 0) return { nextRevision, position: 0 }; // an empty batch on a missing stream
      return { nextRevision, position: await this.positionAt(streamName, nextRevision) };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // The server only recognises a retry sent with the original expected revision; accept any retry.
      const existing = await this.findExisting(streamName, events, error.actualVersion);
      if (existing !== undefined) return existing;
      throw new WrongExpectedRevisionError(streamName, expected, toActualRevision(error.actualVersion));
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const read = this.client.readStream(streamName, {
      direction: FORWARDS,
      fromRevision: BigInt(options.fromRevision ?? 0),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = this.ours(resolved);
        if (event !== undefined) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    let after = options.after ?? 0;
    let fromPosition: ReadPosition = after > 0 ? toEsdbPosition(after) : START;
    while (events.length < wanted) {
      let pageLength = 0;
      let lastRead: Position | undefined;
      for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition, maxCount: PAGE_SIZE })) {
        pageLength += 1;
        lastRead = resolved.event?.position ?? lastRead;
        const event = this.ours(resolved);
        // Reading $all from a position includes the event there: `after` is exclusive.
        if (event === undefined || event.position <= after || events.length >= wanted) continue;
        events.push(event);
        after = event.position;
      }
      if (pageLength < PAGE_SIZE || lastRead === undefined) break;
      fromPosition = lastRead;
    }
    return events;
  }

  subscribeToAll(options: { readonly after?: number } = {}): EventSubscription {
    const after = options.after ?? 0;
    const fromPosition: ReadPosition = after > 0 ? toEsdbPosition(after) : START;
    const source = this.client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
    return this.track(new EsdbSubscription(source, (event) => event.position, after, this.onSkip));
  }

  subscribeToStream(streamName: string, options: { readonly afterRevision?: number } = {}): EventSubscription {
    const after = options.afterRevision;
    const fromRevision = after === undefined || after < 0 ? START : BigInt(after);
    const source = this.client.subscribeToStream(streamName, { fromRevision });
    return this.track(new EsdbSubscription(source, (event) => event.revision, after ?? -1, this.onSkip));
  }

  async headPosition(): Promise<number> {
    // Backwards from the end, page by page, past system and foreign events; every page's call is
    // ended as soon as the answer is known (see consumeRead).
    let fromPosition: ReadPosition = END;
    for (;;) {
      let pageLength = 0;
      let oldest: Position | undefined;
      let head: number | undefined;
      const read = this.client.readAll({ direction: BACKWARDS, fromPosition, maxCount: PAGE_SIZE });
      await consumeRead(read, 'the head position', INTERNAL_READ_DEADLINE_MS, (resolved) => {
        pageLength += 1;
        oldest = resolved.event?.position ?? oldest;
        const classified = classifyResolved(resolved);
        if (classified.kind === 'ours') head = classified.event.position;
        return head === undefined;
      });
      if (head !== undefined) return head;
      if (pageLength < PAGE_SIZE || oldest === undefined) return 0;
      fromPosition = oldest;
    }
  }

  async ping(): Promise<boolean> {
    try {
      const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
      // Draining one event proves the server answers reads.
      await consumeRead(read, 'a ping', PING_DEADLINE_MS, () => true);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  /** The event when it is the service's; a foreign one is reported, a system one dropped. */
  private ours(resolved: AnyResolvedEvent): RecordedEvent | undefined {
    const classified = classifyResolved(resolved);
    if (classified.kind === 'foreign') this.onSkip(classified.skipped);
    return classified.kind === 'ours' ? classified.event : undefined;
  }

  private track(subscription: EsdbSubscription<AnyResolvedEvent>): EventSubscription {
    this.subscriptions.add(subscription);
    subscription.onClose = () => this.subscriptions.delete(subscription);
    return subscription;
  }

  private async positionAt(streamName: string, revision: number): Promise<number> {
    const [event] = await this.readStream(streamName, { fromRevision: revision, maxCount: 1 });
    if (event === undefined) throw new Error(`Stream ${streamName} has no revision ${revision} right after appending it`);
    return event.position;
  }

  /**
   * When every event of the batch is already in the stream: the latest of them, as a duplicate
   * append returns. A retry lands right after the write it repeats, so only the end of the stream
   * is read (the batch and {@link DUPLICATE_LOOKBACK} events before it), never the whole stream.
   */
  private async findExisting(
    streamName: string,
    events: readonly NewEvent[],
    actual: bigint | typeof NO_STREAM,
  ): Promise<AppendResult | undefined> {
    if (events.length === 0 || actual === NO_STREAM) return undefined;
    const wanted = new Set(events.map((event) => event.id));
    let latest: RecordedEvent | undefined;
    const read = this.client.readStream(streamName, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: events.length + DUPLICATE_LOOKBACK,
    });
    try {
      await consumeRead(read, `the end of ${streamName}`, INTERNAL_READ_DEADLINE_MS, (resolved) => {
        const event = this.ours(resolved);
        // Newest first: the first match is the latest of the batch.
        if (event !== undefined && wanted.delete(event.id)) latest ??= event;
        return wanted.size > 0;
      });
    } catch (error) {
      // Deleted since the conflict: none of the batch is there.
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    if (wanted.size > 0 || latest === undefined) return undefined;
    return { nextRevision: latest.revision, position: latest.position };
  }
}

/** The 6.x client only knows the `esdb` schemes; KurrentDB speaks the same protocol. */
export function toEsdbConnectionString(connectionString: string): string {
  return connectionString.replace(/^kurrent(?:db)?(\+discover)?:\/\//i, 'esdb$1://');
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function toActualRevision(actual: bigint | typeof NO_STREAM): number | 'no_stream' {
  return actual === NO_STREAM ? 'no_stream' : Number(actual);
}

function toEsdbPosition(position: number): Position {
  // Application events are written without explicit transactions, so commit and prepare positions coincide.
  return { commit: BigInt(position), prepare: BigInt(position) };
}
