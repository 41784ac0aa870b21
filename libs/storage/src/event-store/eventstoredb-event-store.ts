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
  type Position,
  type ReadPosition,
  type ReadableSubscription,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type JsonObject,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './event-store.port';
import { assertStorableEvents } from './storable-event';

// $all holds system events too; reading it in pages keeps a filtered read bounded in memory.
const PAGE_SIZE = 256;
const PING_DEADLINE_MS = 2000;

type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

/** Event store on EventStoreDB / KurrentDB over gRPC (`esdb://…` or `kurrentdb://…` connection string). */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EventSubscription>();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString));
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
      const existing = await this.findExisting(streamName, events);
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
        const event = toRecordedEvent(resolved);
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
        const event = toRecordedEvent(resolved);
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
    return this.track(new EsdbSubscription(source, (event) => event.position, after));
  }

  subscribeToStream(streamName: string, options: { readonly afterRevision?: number } = {}): EventSubscription {
    const after = options.afterRevision;
    const fromRevision = after === undefined || after < 0 ? START : BigInt(after);
    const source = this.client.subscribeToStream(streamName, { fromRevision });
    return this.track(new EsdbSubscription(source, (event) => event.revision, after ?? -1));
  }

  async headPosition(): Promise<number> {
    let fromPosition: ReadPosition = END;
    for (;;) {
      let pageLength = 0;
      let oldest: Position | undefined;
      for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition, maxCount: PAGE_SIZE })) {
        pageLength += 1;
        const event = toRecordedEvent(resolved);
        if (event !== undefined) return event.position;
        oldest = resolved.event?.position ?? oldest;
      }
      if (pageLength < PAGE_SIZE || oldest === undefined) return 0;
      fromPosition = oldest;
    }
  }

  async ping(): Promise<boolean> {
    try {
      const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, deadline: PING_DEADLINE_MS });
      for await (const _event of read) {
        // Draining one event proves the server answers reads.
      }
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
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

  /** When every event of the batch is already in the stream: the latest of them, as a duplicate append returns. */
  private async findExisting(streamName: string, events: readonly NewEvent[]): Promise<AppendResult | undefined> {
    if (events.length === 0) return undefined;
    const wanted = new Set(events.map((event) => event.id));
    let latest: RecordedEvent | undefined;
    for (const event of await this.readStream(streamName)) {
      if (!wanted.delete(event.id)) continue;
      latest = event;
      if (wanted.size === 0) break;
    }
    if (wanted.size > 0 || latest === undefined) return undefined;
    return { nextRevision: latest.revision, position: latest.position };
  }
}

/**
 * Adapts a client subscription to ours: drops system events, and anything at or before the cursor so
 * delivery stays exactly once and in order even if the server repeats the starting event.
 */
class EsdbSubscription<E extends AnyResolvedEvent> implements EventSubscription {
  onClose: () => void = () => undefined;
  private closed = false;
  private readonly closedSignal: Promise<'closed'>;
  private signalClosed: () => void = () => undefined;

  constructor(
    private readonly source: ReadableSubscription<E>,
    private readonly cursorOf: (event: RecordedEvent) => number,
    private cursor: number,
  ) {
    this.closedSignal = new Promise((resolve) => {
      this.signalClosed = () => resolve('closed');
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent> {
    const iterator = this.source[Symbol.asyncIterator]();
    try {
      while (!this.closed) {
        const next = iterator.next();
        // If close wins the race this read may still fail; nobody awaits it then.
        next.catch(() => undefined);
        const result = await Promise.race([next, this.closedSignal]);
        if (result === 'closed' || result.done === true) return;
        const event = toRecordedEvent(result.value);
        if (event === undefined || this.cursorOf(event) <= this.cursor) continue;
        this.cursor = this.cursorOf(event);
        yield event;
      }
    } catch (error) {
      if (!this.closed) throw error;
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signalClosed();
    this.onClose();
    await this.source.unsubscribe();
    this.source.destroy();
  }
}

/** The 6.x client only knows the `esdb` schemes; KurrentDB speaks the same protocol. */
function toEsdbConnectionString(connectionString: string): string {
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

function toRecordedEvent(resolved: AnyResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (event === undefined || event.streamId.startsWith('$') || event.type.startsWith('$')) return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) throw new Error('EventStoreDB did not return event positions (server older than 22.6?)');
  const { data, metadata } = event;
  if (!isJsonObject(data) || !isEventMetadata(metadata)) {
    throw new Error(`Event ${event.id} in ${event.streamId} is not an application event with JSON data and metadata`);
  }
  return {
    id: event.id,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: Number(commit),
    type: event.type,
    data,
    metadata,
    recordedAt: event.created.getTime(),
  };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return isJsonObject(value) && typeof value.schemaVersion === 'number';
}
