import { RunHandedOverError } from '../tools/tool-waits';
import type { RunStreamWriter } from './run-stream-writer';
import type { TrackedMessage } from '../claiming/run-tracker';

/**
 * Why a run was stopped from outside the model loop. `suspended`: the runner shut down while the
 * run waited on a tool call; the run is not over, another runner takes it over.
 */
export type RunStopReason = 'cancelled' | 'shutdown' | 'preempted' | 'suspended';

/** One run in progress on this runner: its message, its stream writer and its stop switch. */
export class RunHandle {
  private readonly controller = new AbortController();
  private reason: RunStopReason | null = null;
  /** Calls of the run waiting outside the process (recorded as such on the run stream), by call id. */
  private readonly waits = new Set<string>();
  /** Settles when the run has recorded its end (or given up). */
  done: Promise<void> = Promise.resolve();

  constructor(
    readonly tracked: TrackedMessage,
    readonly writer: RunStreamWriter,
    readonly runnerId: string,
    /**
     * Settles once this runner's claim (the run stream's first event) is recorded; rejects with
     * RunPreemptedError when another runner claimed first. The run prepares its prompt and calls
     * the model meanwhile, but records and acts on nothing before it.
     */
    readonly claimed: Promise<void> = Promise.resolve(),
  ) {
    // Observed here so a lost claim is never an unhandled rejection; the run awaits it where it matters.
    claimed.catch(() => undefined);
  }

  /** The `actor` of what this run writes. */
  get actor(): string {
    return runnerActor(this.runnerId);
  }

  get messageId(): string {
    return this.tracked.messageId;
  }

  /** Aborted when the run is stopped; the model request and tool calls carry it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The first reason the run was stopped for, or null while it runs freely. */
  get stopReason(): RunStopReason | null {
    return this.reason;
  }

  /** Whether the run is waiting, and only waiting, on tool calls: it can be taken over elsewhere. */
  get waiting(): boolean {
    return this.waits.size > 0;
  }

  waitStarted(callId: string): void {
    this.waits.add(callId);
  }

  waitEnded(callId: string): void {
    this.waits.delete(callId);
  }

  stop(reason: RunStopReason): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.controller.abort(reason === 'suspended' || reason === 'preempted' ? new RunHandedOverError() : new Error(`Agent run stopped: ${reason}`));
  }
}

/** The `actor` metadata of events a runner writes. */
export function runnerActor(runnerId: string): string {
  return `agent-runner:${runnerId}`;
}
