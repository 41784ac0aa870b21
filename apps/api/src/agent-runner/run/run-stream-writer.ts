import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { WrongExpectedRevisionError } from '@app/storage';
import type { StreamAppender } from '../../event-sourcing/writing/stream-appender';

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
    private readonly appender: StreamAppender,
    readonly streamName: string,
    private revision: number,
    private readonly actor: string,
  ) {}

  /** Revision of the last event this writer knows of (-1: the stream does not exist). */
  get lastRevision(): number {
    return this.revision;
  }

  append(...events: AgentRunEvent[]): Promise<RunAppendResult> {
    return this.enqueue(events, false);
  }

  /** Appends what listeners are waiting to see (tokens): committed at once when the log is idle. */
  appendUrgently(...events: AgentRunEvent[]): Promise<RunAppendResult> {
    return this.enqueue(events, true);
  }

  private enqueue(events: readonly AgentRunEvent[], urgent: boolean): Promise<RunAppendResult> {
    const next = this.chain.then(() => this.appendNow(events, urgent));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async appendNow(events: readonly AgentRunEvent[], urgent: boolean): Promise<RunAppendResult> {
    try {
      const result = await this.appender.append(this.streamName, events, {
        actor: this.actor,
        expectedRevision: this.revision === -1 ? 'no_stream' : this.revision,
        urgent,
      });
      this.revision = result.nextRevision;
      return { position: result.position, revision: result.nextRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new RunPreemptedError(this.streamName);
      throw error;
    }
  }
}
