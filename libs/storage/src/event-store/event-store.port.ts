/** Metadata stored beside every event. */
export interface EventMetadata {
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Who caused the event: a user sId, an API key id, or "system". */
  readonly actor?: string;
  /**
   * The API key a member's action came through, when it was a key: one bound to the member, or an
   * admin key acting as them (`x-api-user-email`). The audit of what keys did in a member's name.
   */
  readonly viaKey?: string;
  readonly schemaVersion: number;
}

export type JsonObject = { readonly [key: string]: unknown };

/** An event about to be appended. `id` is a UUID chosen by the writer. */
export interface NewEvent {
  readonly id: string;
  readonly type: string;
  readonly data: JsonObject;
  readonly metadata: EventMetadata;
}

/** An event as stored: stream revision (0-based) and global log position (strictly increasing). */
export interface RecordedEvent {
  readonly id: string;
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: JsonObject;
  readonly metadata: EventMetadata;
  /** Epoch ms when the store recorded it. */
  readonly recordedAt: number;
}

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's last revision. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  readonly nextRevision: number;
  /** Global position of the last event appended (or of the existing one when the append was a duplicate). */
  readonly position: number;
}

/** The stream's current revision did not match the expected one; nothing was written. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * A live subscription: first the stored events after the starting point, then new ones as they are
 * appended, each exactly once and in order. Stop it with `close()` or by leaving the `for await`.
 */
export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
  /**
   * The same events in order, each page as soon as it is durable, instead of one at a time: a
   * consumer that works on batches (the projector) takes a page in the turn that made it durable,
   * without an iteration step per event. Either this or the events are iterated, once. Optional:
   * a store without it is read event by event.
   */
  pages?(): AsyncIterable<readonly RecordedEvent[]>;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events whose position is strictly greater than this. Default: from the start. */
  readonly after?: number;
  readonly maxCount?: number;
}

/** How an append is written. */
export interface AppendOptions {
  /**
   * Someone is waiting to see this write (a token batch's listeners): an adapter that gathers the
   * appends of one turn of the event loop into one transaction commits it in the call instead,
   * when no earlier commit is still being made durable. Others ignore it.
   */
  readonly urgent?: boolean;
}

/**
 * Hears of events this process appended as soon as they are committed, which may be a moment
 * before they are durable. For starting work sooner, never for recording anything on the strength
 * of them: what such work writes lands after them in the log, so it cannot be durable unless they
 * are. Called once per commit, outside the append's own call stack, with the events in log order.
 */
export type CommitListener = (events: readonly RecordedEvent[]) => void;

/** Port of the event store: the only place state is written. */
export interface EventStore {
  /** Appends a batch atomically. Event ids already present in the stream are not written again. */
  append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision, options?: AppendOptions): Promise<AppendResult>;
  /** Reads a stream forwards; an unknown stream reads as []. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Reads the global log forwards (application events only). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The global log after `after` up to its head, page by page, each read ahead while the caller
   * works on the one before where the adapter can: for a long replay (a rebuild). Optional: a
   * replay reads with readAll where it is missing.
   */
  readAllPages?(options: { readonly after: number; readonly pageSize: number }): AsyncIterable<RecordedEvent[]>;
  /** Subscribes to the global log, delivering events with position > `after`. */
  subscribeToAll(options?: { readonly after?: number }): EventSubscription;
  /** Subscribes to one stream, delivering events with revision > `afterRevision` (all when omitted). */
  subscribeToStream(streamName: string, options?: { readonly afterRevision?: number }): EventSubscription;
  /**
   * Registers a {@link CommitListener}; returns the function that removes it. Optional: an adapter
   * whose appends are durable when they are visible has nothing earlier to offer, and leaves it out.
   */
  watchCommits?(listener: CommitListener): () => void;
  /** Position of the last event in the global log, or 0 when empty. */
  headPosition(): Promise<number>;
  /** Whether the store answers (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
