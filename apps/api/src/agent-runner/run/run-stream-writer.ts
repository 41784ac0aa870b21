import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { WrongExpectedRevisionError, type AppendOptions, type EventStore, type JsonObject } from '@app/storage';
import { randomUUID } from 'node:crypto';

/** Another writer appended to the run stream: this runner no longer owns the message. */
export class RunPreemptedError extends Error {
  constructor(readonly streamName: string) {
    super(`Run stream ${streamName} was written by someone else; this run stops.`);
    this.name = 'RunPreemptedError';
  }
}

/** What an append returned: the global position of the last event written. */
export interface RunAppendResult {
  readonly position: number;
  readonly revision: number;
}

/**
 * Appends to one run stream on behalf of the runner holding its claim: every append states the
 * exact revision it expects, and appends are serialized, so a competing writer (recovery of an
 * expired lease) turns the next append into `RunPreemptedError` instead of interleaving.
 */
export class RunStreamWriter {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    readonly streamName: string,
    private revision: number,
    private readonly actor: string,
  ) {}

  /** Revision of the last event this writer knows of (-1: the stream does not exist). */
  get lastRevision(): number {
    return this.revision;
  }

  append(...events: AgentRunEvent[]): Promise<RunAppendResult> {
    return this.enqueue(events, {});
  }

  /** Appends what listeners are waiting to see (tokens): committed at once when the log is idle. */
  appendUrgently(...events: AgentRunEvent[]): Promise<RunAppendResult> {
    return this.enqueue(events, { urgent: true });
  }

  private enqueue(events: readonly AgentRunEvent[], options: AppendOptions): Promise<RunAppendResult> {
    const next = this.chain.then(() => this.appendNow(events, options));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async appendNow(events: readonly AgentRunEvent[], options: AppendOptions): Promise<RunAppendResult> {
    try {
      const result = await this.eventStore.append(
        this.streamName,
        events.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data as JsonObject,
          metadata: { actor: this.actor, schemaVersion: CURRENT_SCHEMA_VERSION },
        })),
        this.revision === -1 ? 'no_stream' : this.revision,
        options,
      );
      this.revision = result.nextRevision;
      return { position: result.position, revision: result.nextRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new RunPreemptedError(this.streamName);
      throw error;
    }
  }
}
