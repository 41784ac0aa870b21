import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { DomainEvent } from '@app/domain/shared/decider';
import { EVENT_STORE, type AppendResult, type EventStore, type ExpectedRevision, type JsonObject, type NewEvent } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** What an event records of its writing besides its data. */
export interface WriteMetadata {
  /** Who asks: a user sId, an API key id, or a process name ("system", a runner id). */
  readonly actor: string;
  /** The key a member acted through (see EventMetadata.viaKey). */
  readonly viaKey?: string;
  readonly correlationId?: string;
}

/** How a direct append is made: the revision it expects, its writer, and whether listeners wait for it. */
export interface DirectAppend extends WriteMetadata {
  /** `no_stream`, a revision, or `any` for a stream whose events may come in any order. */
  readonly expectedRevision: ExpectedRevision;
  /** Someone waits to see this write (tokens): committed at once on an idle log (see AppendOptions). */
  readonly urgent?: boolean;
}

/** An event as the log stores it: a new id, the writer and the schema version in its metadata. */
export function newEventOf(event: DomainEvent, metadata: WriteMetadata): NewEvent {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data as JsonObject,
    metadata: {
      actor: metadata.actor,
      ...(metadata.viaKey === undefined ? {} : { viaKey: metadata.viaKey }),
      correlationId: metadata.correlationId,
      schemaVersion: CURRENT_SCHEMA_VERSION,
    },
  };
}

/**
 * The second write port, beside the aggregate writers: appends to streams that no decider guards,
 * such as a run stream (its one runner states each expected revision, so a competing writer gets
 * WrongExpectedRevisionError) or a user's memory of always-approved tools (any revision). A stream
 * with a decider is written through its AggregateWriter, never here.
 */
@Injectable()
export class StreamAppender {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** Appends `events` to `streamName` as one write; resolves with the stream's next revision and the last event's position. */
  append(streamName: string, events: readonly DomainEvent[], how: DirectAppend): Promise<AppendResult> {
    return this.eventStore.append(
      streamName,
      events.map((event) => newEventOf(event, how)),
      how.expectedRevision,
      { urgent: how.urgent === true },
    );
  }
}
