import { fromAgentMessageStreamName, toAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import { upcast } from '@app/contracts/events/upcast';
import { EVENT_STORE, READ_STORE, type EventStore, type EventSubscription, type ReadStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { newSId } from '../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { LOGGER } from '../../common/logger';
import { AgentRunExecutor } from '../run/agent-run.executor';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { AGENT_RUNNER_CHECKPOINT, AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import { RunHandle, runnerActor } from '../run/run-handle';
import { interruptedError } from '../run/run-outcome';
import { RunOutcomeRecorder, type RunEnding, type SettlingRun } from '../run/run-outcome.recorder';
import { RunPreemptedError, RunStreamWriter } from '../run/run-stream-writer';
import { messageToRun, RunTracker, type TrackedMessage, type TrackerChange } from './run-tracker';
import { recordedRunOf, resumeStateOf, type RunResumeState } from './run-resume-state';
import { interruptedOutcomeOf } from './interrupted-outcome';
import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { assertNever } from '@app/contracts/assert-never';

const CATCH_UP_PAGE = 1_000;
const RESTART_DELAY_MS = 1_000;

/**
 * The agent process manager. It follows the global log from its checkpoint, and for every
 * `AgentMessageCreated` claims the message (first event of its run stream, appended with expected
 * `no_stream`, so one runner among all api replicas wins) and runs it. It aborts a run when the
 * conversation records the message as cancelled, and settles what nobody will: messages never
 * claimed are run, claims whose lease expired are failed with `agent_run_interrupted` (never
 * re-run: a second run would repeat tool side effects and contradict tokens already streamed),
 * except runs that were waiting on a tool call (an approval, a client-side server's result): those
 * are taken over (`AgentRunResumed`, the same kind of claim) and go on from their run stream.
 * A shutdown suspends the waiting runs (they release their claim) and interrupts the others.
 *
 * The checkpoint is a low-water mark: just before the oldest message not yet settled, so a
 * restart re-reads the log from there and rebuilds exactly the set of messages to watch.
 *
 * A message created by this process is started sooner, from the store's commit hint (see
 * startEarly), while the log's flush is still making it durable.
 */
@Injectable()
export class AgentRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Identifies this process in claims (host, pid, and a random suffix per start). */
  readonly runnerId = `${hostname()}:${process.pid}:${newSId(6)}`;
  private readonly active = new Map<string, RunHandle>();
  private tracker = new RunTracker();
  /**
   * Messages started from a commit hint whose run stream the tracker has not seen yet: the tracker
   * would otherwise take them for unclaimed when the log delivers them, and run them again.
   */
  private readonly startedEarly = new Set<string>();
  private stopWatchingCommits: (() => void) | undefined;
  private subscription: EventSubscription | null = null;
  private sweepTimer: NodeJS.Timeout | undefined;
  private following: Promise<void> = Promise.resolve();
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
    private readonly runExecutor: AgentRunExecutor,
    private readonly outcomes: RunOutcomeRecorder,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'agent-runner' });
  }

  onApplicationBootstrap(): void {
    if (!this.config.agentRunnerEnabled) return;
    this.following = this.follow();
    this.stopWatchingCommits = this.eventStore.watchCommits?.((events) => this.startEarly(events));
    this.sweepTimer = setInterval(() => void this.sweep(), this.options.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.config.agentRunnerEnabled) return;
    this.stopping = true;
    this.stopWatchingCommits?.();
    clearInterval(this.sweepTimer);
    await this.subscription?.close();
    // Let a claim in flight land first, so its run is among those told to stop.
    await withTimeout(Promise.allSettled([this.following, this.sweeping]), this.options.shutdownGraceMs);
    const running = [...this.active.values()];
    for (const handle of running) handle.stop(handle.waiting ? 'suspended' : 'shutdown');
    await withTimeout(Promise.allSettled(running.map((handle) => handle.done)), this.options.shutdownGraceMs);
    await this.saveCheckpoint(true).catch(() => undefined);
  }

  /** Messages this process is answering right now. */
  activeRuns(): string[] {
    return [...this.active.keys()];
  }

  private async follow(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.followOnce();
      } catch (error) {
        if (this.stopping) return;
        this.log.error({ err: error }, 'agent runner lost the event log; restarting from its checkpoint');
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
      }
    }
  }

  private async followOnce(): Promise<void> {
    const start = (await this.readStore.getCheckpoint(AGENT_RUNNER_CHECKPOINT)) ?? 0;
    const tracker = new RunTracker(start);
    this.caughtUp = false;
    // Runs still going are guarded by `active`; what ended is in the log the new tracker reads.
    this.startedEarly.clear();
    this.tracker = tracker;
    let position = start;
    for (;;) {
      const page = await this.eventStore.readAll({ after: position, maxCount: CATCH_UP_PAGE });
      if (page.length === 0) break;
      for (const event of page) tracker.apply(upcast(event));
      position = page[page.length - 1].position;
    }
    this.caughtUp = true;
    this.log.info({ from: start, to: position, pending: tracker.pending().length }, 'agent runner caught up');
    await this.sweep();
    await this.saveCheckpoint(true);
    const subscription = this.eventStore.subscribeToAll({ after: position });
    this.subscription = subscription;
    if (this.stopping) await subscription.close();
    for await (const event of subscription) {
      if (this.stopping) break;
      const change = tracker.apply(upcast(event));
      // The run stream's first event is its claim: from here on the tracker knows the run is taken.
      const runOf = fromAgentMessageStreamName(event.streamName);
      if (runOf !== null) this.startedEarly.delete(runOf);
      await this.react(change);
      await this.saveCheckpoint(false);
    }
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
      if (this.active.has(message.messageId)) this.startedEarly.add(message.messageId);
    }
  }

  private async react(change: TrackerChange): Promise<void> {
    switch (change.kind) {
      case 'created':
        return this.claimAndRun(change.message);
      case 'cancelled': {
        const handle = this.active.get(change.message.messageId);
        if (handle) return handle.stop('cancelled');
        const { message } = change;
        // Nobody runs it: the run stream still has to end, or its listeners would wait forever.
        if (message.lastRevision === -1) return this.settleWithoutRun(message);
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
        if (this.active.has(message.messageId) || this.startedEarly.has(message.messageId)) continue;
        if (message.lastRevision === -1) {
          await (message.finalStatus ? this.settleWithoutRun(message) : this.claimAndRun(message));
        } else if (message.claim !== null && message.claim.leaseUntil < Date.now()) {
          await this.takeOver(message);
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'agent runner sweep failed; retrying at the next one');
    }
  }

  private async claimAndRun(message: TrackedMessage): Promise<void> {
    const { messageId } = message;
    if (this.stopping || this.active.has(messageId) || this.startedEarly.has(messageId)) return;
    // At capacity the message stays unclaimed: a later sweep (or another replica) takes it.
    if (this.active.size >= this.options.maxConcurrentRuns) return;
    const data = message.created.data;
    const at = Date.now();
    await this.run(message, -1, null, {
      type: 'AgentRunStarted',
      data: {
        messageId,
        conversationId: data.conversationId,
        workspaceId: data.workspaceId,
        configurationId: data.configuration.sId,
        runnerId: this.runnerId,
        leaseUntil: at + this.options.leaseMs,
        at,
      },
    });
  }

  /**
   * A claim whose runner stopped renewing it: a run that was waiting on a tool call is taken over
   * from its run stream; any other is recorded as interrupted.
   */
  private async takeOver(message: TrackedMessage): Promise<void> {
    let recorded: RecordedEvent[] | undefined;
    if (!message.finalStatus) {
      recorded = (await this.eventStore.readStream(toAgentMessageStreamName(message.messageId))).map((event) => upcast(event));
      const state = resumeStateOf(recorded);
      if (state !== null) {
        // The log may lag the stream: a claim renewed meanwhile is still held.
        if (state.leaseUntil >= Date.now() || this.stopping || this.active.has(message.messageId)) return;
        // At capacity the waiting run stays as it is: a later sweep (or another replica) takes it.
        if (this.active.size >= this.options.maxConcurrentRuns) return;
        this.log.info({ messageId: message.messageId, pending: state.pending.length }, 'taking over an agent run that was waiting');
        const at = Date.now();
        await this.run(message, state.lastRevision, state, {
          type: 'AgentRunResumed',
          data: { runnerId: this.runnerId, leaseUntil: at + this.options.leaseMs, at },
        });
        return;
      }
    }
    await this.recoverExpired(message, recorded ?? []);
  }

  /**
   * Claims the message's run stream with `claimEvent` (appended right after `revision`, so one
   * runner among all replicas wins) and runs it, from the start or from `resume`.
   */
  private async run(message: TrackedMessage, revision: number, resume: RunResumeState | null, claimEvent: AgentRunEvent): Promise<void> {
    const { messageId } = message;
    const writer = new RunStreamWriter(this.eventStore, toAgentMessageStreamName(messageId), revision, runnerActor(this.runnerId));
    const claim = writer.append(claimEvent);
    // The run starts while its claim is being written: building the prompt and reaching the model
    // overlap the claim's fsync, and the run records nothing until the claim has landed.
    const handle = new RunHandle(message, writer, this.runnerId, claim.then(() => undefined));
    this.active.set(messageId, handle);
    handle.done = this.runExecutor.execute(handle, resume).finally(() => {
      this.active.delete(messageId);
      // A slot is free: take the next waiting message now rather than at the next tick.
      void this.sweep();
    });
    try {
      await claim;
      // A cancel the log delivered while the claim was in flight found no run to stop. (A message
      // started early is not the tracker's own object: the tracker's copy holds what the log said.)
      const known = this.tracker.get(messageId) ?? message;
      if (known.finalStatus?.event.data.status === 'cancelled') handle.stop('cancelled');
      if (this.stopping) handle.stop('shutdown');
    } catch (error) {
      // Preempted: another runner claimed it first, and runs it. Otherwise the claim is not
      // durable: either way this run stops without recording, and the tracker decides again.
      handle.stop('preempted');
      this.startedEarly.delete(messageId);
      if (!(error instanceof RunPreemptedError)) this.log.warn({ err: error, messageId }, 'could not claim an agent message');
    }
  }

  /** Ends the run stream of a message settled on the conversation without any run (cancelled early). */
  private async settleWithoutRun(message: TrackedMessage): Promise<void> {
    if (!message.finalStatus) return;
    await ignorePreempted(this.outcomes.endRunStream(this.settling(message, -1), message.finalStatus.event));
  }

  /**
   * A claim whose runner stopped renewing it: record the run as interrupted, with what its run
   * stream (`recorded`, upcast) holds: tokens, tool calls and results, usage.
   */
  private async recoverExpired(message: TrackedMessage, recorded: readonly RecordedEvent[]): Promise<void> {
    this.log.warn({ messageId: message.messageId, claim: message.claim }, 'agent run lease expired; settling it');
    const run = this.settling(message, message.lastRevision);
    if (message.finalStatus) {
      await ignorePreempted(this.outcomes.endRunStream(run, message.finalStatus.event));
      return;
    }
    const now = Date.now();
    const progress = recordedRunOf(recorded);
    const outcome = progress ? interruptedOutcomeOf(progress, message.created, this.config.modelCatalog, now) : { error: interruptedError('lease_expired'), completedTs: now };
    const ending: RunEnding = { status: 'failed', outcome, at: now };
    await ignorePreempted(this.outcomes.record(run, ending, 'rethrow'));
  }

  /** This runner taking over a message's run stream after the given revision. */
  private settling(message: TrackedMessage, revision: number): SettlingRun {
    const actor = runnerActor(this.runnerId);
    const writer = new RunStreamWriter(this.eventStore, toAgentMessageStreamName(message.messageId), revision, actor);
    return { tracked: message, writer, actor };
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

/** Someone wrote the run stream first; the tracker learns what from the log and the next sweep decides again. */
async function ignorePreempted(settling: Promise<unknown>): Promise<void> {
  try {
    await settling;
  } catch (error) {
    if (!(error instanceof RunPreemptedError)) throw error;
  }
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
