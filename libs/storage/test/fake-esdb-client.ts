import {
  BACKWARDS,
  END,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendResult,
  type JSONType,
  type MetadataType,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { Readable } from 'node:stream';
import type { EsdbClient } from '../src/event-store/eventstoredb-event-store';

/** A read or subscription of the double: a real object-mode stream that records how it was ended. */
export class FakeCall<E> extends Readable {
  cancelled = false;
  unsubscribed = false;
  private readonly pending: E[];

  constructor(
    events: readonly E[],
    /** `hang`: never ends (a live subscription, or a server that does not answer); `end`: ends after the events. */
    private readonly after: 'end' | 'hang' | Error,
  ) {
    super({ objectMode: true });
    this.pending = [...events];
  }

  /** Whether the call was ended on the client's side (cancelled, unsubscribed). */
  get ended(): boolean {
    return this.cancelled || this.unsubscribed;
  }

  override _read(): void {
    const next = this.pending.shift();
    if (next !== undefined) this.push(next);
    else if (this.after === 'end') this.push(null);
    else if (this.after instanceof Error) this.destroy(this.after);
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

type CallKind = 'readAll' | 'readStream' | 'subscribeToAll' | 'subscribeToStream';

/** An event of the double's log. Positions are global; revisions count per stream. */
export interface FakeEvent {
  readonly streamId: string;
  readonly type: string;
  /** What the client would hand back: parsed JSON, the raw string of unparsable JSON, or bytes. */
  readonly data: JSONType | Uint8Array;
  readonly metadata?: MetadataType;
  readonly id?: string;
}

/**
 * A test double of the EventStoreDB client holding a log in memory, answering reads and
 * subscriptions with real streams whose ends are recorded, so that tests can see which gRPC calls
 * the adapter leaves open.
 */
export class FakeEsdbClient implements EsdbClient {
  readonly calls: Array<{ readonly kind: CallKind; readonly options: object; readonly call: FakeCall<unknown> }> = [];
  private readonly log: AllStreamResolvedEvent[] = [];
  /** When set, reads and subscriptions never answer. */
  unresponsive = false;
  /** When set, appends fail with a conflict against this current revision. */
  conflictWith: bigint | 'no_stream' | undefined;
  disposed = false;

  /** Adds events to the log, as other writers (or the service) would have written them. */
  add(...events: FakeEvent[]): this {
    for (const event of events) {
      const position = BigInt(1000 + this.log.length * 100);
      const revision = BigInt(this.log.filter((logged) => logged.event?.streamId === event.streamId).length);
      const base = {
        streamId: event.streamId,
        id: event.id ?? `00000000-0000-4000-8000-${String(this.log.length).padStart(12, '0')}`,
        revision,
        type: event.type,
        created: new Date(1_700_000_000_000),
        metadata: event.metadata,
        position: { commit: position, prepare: position },
      };
      const { data } = event;
      const recorded: AllStreamRecordedEvent = data instanceof Uint8Array ? { ...base, isJson: false, data } : { ...base, isJson: true, data };
      this.log.push({ event: recorded, commitPosition: position });
    }
    return this;
  }

  /** Reads and subscriptions the adapter left running. */
  openCalls(): FakeCall<unknown>[] {
    return this.calls.map((entry) => entry.call).filter((call) => !call.ended && !call.readableEnded);
  }

  async appendToStream(streamName: string): Promise<AppendResult> {
    const current = this.conflictWith;
    if (current !== undefined) throw new WrongExpectedVersionError(undefined, { streamName, expected: BigInt(0), current });
    return { success: true, nextExpectedRevision: BigInt(0) };
  }

  readAll(options: ReadAllOptions): FakeCall<AllStreamResolvedEvent> {
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition ?? (backwards ? END : START);
    let events = backwards ? [...this.log].reverse() : [...this.log];
    if (from !== START && from !== END) {
      events = events.filter((resolved) => {
        const commit = resolved.commitPosition ?? BigInt(0);
        return backwards ? commit <= from.commit : commit >= from.commit;
      });
    }
    return this.record('readAll', options, events.slice(0, Number(options.maxCount ?? events.length)));
  }

  readStream(streamName: string, options: ReadStreamOptions): FakeCall<ResolvedEvent> {
    const backwards = options.direction === BACKWARDS;
    const inStream = this.log.filter((resolved) => resolved.event?.streamId === streamName);
    if (inStream.length === 0) return this.record('readStream', options, [], new StreamNotFoundError(undefined, streamName));
    let events = backwards ? [...inStream].reverse() : inStream;
    const from = options.fromRevision;
    if (typeof from === 'bigint') {
      events = events.filter((resolved) => (backwards ? (resolved.event?.revision ?? 0n) <= from : (resolved.event?.revision ?? 0n) >= from));
    }
    return this.record('readStream', options, events.slice(0, Number(options.maxCount ?? events.length)));
  }

  subscribeToAll(options: object): FakeCall<AllStreamResolvedEvent> {
    return this.record('subscribeToAll', options, this.log, 'hang');
  }

  subscribeToStream(streamName: string, options: object): FakeCall<ResolvedEvent> {
    const inStream = this.log.filter((resolved) => resolved.event?.streamId === streamName);
    return this.record('subscribeToStream', options, inStream, 'hang');
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  private record<E>(kind: CallKind, options: object, events: readonly E[], after: 'end' | 'hang' | Error = 'end'): FakeCall<E> {
    const call = this.unresponsive ? new FakeCall<E>([], 'hang') : new FakeCall<E>(events, after);
    this.calls.push({ kind, options, call });
    return call;
  }
}
