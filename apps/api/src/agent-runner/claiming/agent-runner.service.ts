import { assertNever } from '@app/contracts/assert-never';
import { fromAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import { upcast } from '@app/contracts/events/upcast';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { LogFollowerLoop } from '../../event-sourcing/following/log-follower-loop';
import { LOGGER } from '../../common/logger';
import { settleWithin } from '../../common/settle-within';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AGENT_RUNNER_CHECKPOINT, AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import { RunClaims, type LaunchedRun } from './run-claims';
import { messageToRun, RunTracker, type TrackedMessage, type TrackerChange } from './run-tracker';

const CATCH_UP_PAGE = 1_000;

/**
 * The agent process manager: which agent messages this process runs. It follows the global log
 * from its checkpoint (on the shared LogFollowerLoop) into a RunTracker, and for every
 * `AgentMessageCreated` has RunClaims claim and run the message. It stops a run when the
 * conversation records the message as cancelled, and settles what nobody will: messages never
 * claimed are run, claims whose lease expired are failed with `agent_run_interrupted` (never
 * re-run: a second run would repeat tool side effects and contradict tokens already streamed),
 * except runs that were waiting on a tool call, which are taken over and go on from their run
 * stream. A shutdown suspends the waiting runs (they release their claim) and interrupts the others.
 *
 * The checkpoint is a low-water mark: just before the oldest message not yet settled, so a
 * restart re-reads the log from there and rebuilds exactly the set of messages to watch.
 *
 * A message created by this process is started sooner, from the store's commit hint (see
 * startEarly), while the log's flush is still making it durable.
 */
@Injectable()
export class AgentRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly follower: LogFollowerLoop;
  private tracker = new RunTracker();
  /**
   * Messages started from a commit hint whose run stream the tracker has not seen yet: the tracker
   * would otherwise take them for unclaimed when the log delivers them, and run them again.
   */
  private readonly startedEarly = new Set<string>();
  private stopWatchingCommits: (() => void) | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private caughtUp = false;
  private stopping = false;
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  private savedCheckpoint = -1;
  private savedAt = 0;
  private readonly log: Logger;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly claims: RunClaims,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'agent-runner' });
    this.follower = new LogFollowerLoop(
      eventStore,
      {
        begin: () => this.begin(),
        apply: (event) => this.apply(event),
        caughtUp: (from, to) => this.goLive(from, to),
      },
      this.log,
      'agent runner',
      CATCH_UP_PAGE,
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.agentRunnerEnabled) return;
    this.follower.start();
    this.stopWatchingCommits = this.eventStore.watchCommits?.((events) => this.startEarly(events));
    this.sweepTimer = setInterval(() => void this.sweep(), this.options.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.config.agentRunnerEnabled) return;
    this.stopping = true;
    this.stopWatchingCommits?.();
    clearInterval(this.sweepTimer);
    // Let a claim in flight land first, so its run is among those told to stop.
    await settleWithin(Promise.allSettled([this.follower.stop(), this.sweeping]), this.options.shutdownGraceMs);
    await this.claims.stopAll(this.options.shutdownGraceMs);
    await this.saveCheckpoint(true).catch(() => undefined);
  }

  /** Messages this process is answering right now. */
  activeRuns(): string[] {
    return this.claims.activeRuns();
  }

  /** (Re)starts from the checkpoint with a fresh tracker; runs still going are guarded by RunClaims. */
  private async begin(): Promise<number> {
    const start = (await this.readStore.getCheckpoint(AGENT_RUNNER_CHECKPOINT)) ?? 0;
    this.tracker = new RunTracker(start);
    this.caughtUp = false;
    this.startedEarly.clear();
    return start;
  }

  private async goLive(from: number, to: number): Promise<void> {
    this.caughtUp = true;
    this.log.info({ from, to, pending: this.tracker.pending().length }, 'agent runner caught up');
    await this.sweep();
    await this.saveCheckpoint(true);
  }

  private async apply(recorded: RecordedEvent): Promise<void> {
    const change = this.tracker.apply(upcast(recorded));
    if (!this.caughtUp || this.stopping) return;
    // The run stream's first event is its claim: from here on the tracker knows the run is taken.
    const runOf = fromAgentMessageStreamName(recorded.streamName);
    if (runOf !== null) this.startedEarly.delete(runOf);
    await this.react(change);
    await this.saveCheckpoint(false);
  }

  /**
   * Starts the messages this process just committed without waiting for the log's flush and the
   * subscription: building the prompt and reaching the model overlap the flush. Nothing the run
   * records can be durable before the message: its claim, the first thing it writes, comes after
   * it in the log (and the run records nothing before the claim lands). The tracker is left to the
   * subscription, which delivers only durable events; it finds the run under way.
   */
  private startEarly(events: readonly RecordedEvent[]): void {
    if (!this.caughtUp || this.stopping) return;
    for (const event of events) {
      const message = messageToRun(upcast(event));
      if (!message || this.tracker.get(message.messageId)) continue;
      void this.claimAndRun(message).catch((error: unknown) => this.log.warn({ err: error, messageId: message.messageId }, 'could not start an agent run early'));
      if (this.claims.isRunning(message.messageId)) this.startedEarly.add(message.messageId);
    }
  }

  private async react(change: TrackerChange): Promise<void> {
    switch (change.kind) {
      case 'created':
        return this.claimAndRun(change.message);
      case 'cancelled': {
        const { message } = change;
        if (this.claims.stop(message.messageId, 'cancelled')) return;
        // Nobody runs it: the run stream still has to end, or its listeners would wait forever.
        if (message.lastRevision === -1) return this.claims.settleWithoutRun(message);
        return;
      }
      case 'settled':
      case 'none':
        return;
      default:
        return assertNever(change);
    }
  }

  /** Settles whatever is left to settle; runs at catch-up, periodically, and when a run ends. */
  private sweep(): Promise<void> {
    if (!this.caughtUp || this.stopping) return Promise.resolve();
    if (this.sweeping) {
      // The sweep in progress may have passed what changed meanwhile: go round once more.
      this.sweepAgain = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.sweepAgain = false;
        await this.sweepOnce();
      } while (this.sweepAgain && !this.stopping);
    })().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    try {
      for (const message of this.tracker.pending()) {
        if (this.stopping) return;
        if (this.claims.isRunning(message.messageId) || this.startedEarly.has(message.messageId)) continue;
        if (message.lastRevision === -1) {
          await (message.finalStatus ? this.claims.settleWithoutRun(message) : this.claimAndRun(message));
        } else if (message.claim !== null && message.claim.leaseUntil < Date.now()) {
          await this.watchClaim(message, await this.claims.takeOver(message, this.runEnded, () => this.stopping));
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'agent runner sweep failed; retrying at the next one');
    }
  }

  private async claimAndRun(message: TrackedMessage): Promise<void> {
    const { messageId } = message;
    if (this.stopping || this.claims.isRunning(messageId) || this.startedEarly.has(messageId) || this.claims.full) return;
    await this.watchClaim(message, this.claims.startNew(message, this.runEnded));
  }

  /** A slot is free: take the next waiting message now rather than at the next tick. */
  private readonly runEnded = (): void => void this.sweep();

  /** Once the claim lands, applies what the log said meanwhile; a lost claim leaves the message to the tracker. */
  private async watchClaim(message: TrackedMessage, launched: LaunchedRun | null): Promise<void> {
    if (launched === null) return;
    const { handle, claim } = launched;
    try {
      await claim;
    } catch {
      this.startedEarly.delete(message.messageId);
      return;
    }
    // A cancel the log delivered while the claim was in flight found no run to stop. (A message
    // started early is not the tracker's own object: the tracker's copy holds what the log said.)
    const known = this.tracker.get(message.messageId) ?? message;
    if (known.finalStatus?.event.data.status === 'cancelled') handle.stop('cancelled');
    if (this.stopping) handle.stop('shutdown');
  }

  private async saveCheckpoint(force: boolean): Promise<void> {
    if (!this.caughtUp) return;
    const position = this.tracker.checkpoint();
    if (position === this.savedCheckpoint) return;
    if (!force && Date.now() - this.savedAt < this.options.checkpointEveryMs) return;
    await this.readStore.commit({ puts: [], deletes: [], checkpoint: { name: AGENT_RUNNER_CHECKPOINT, position } });
    this.savedCheckpoint = position;
    this.savedAt = Date.now();
  }
}
