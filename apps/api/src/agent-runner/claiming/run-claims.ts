import { toAgentMessageStreamName, type AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { upcast } from '@app/contracts/events/upcast';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { StreamAppender } from '../../event-sourcing/writing/stream-appender';
import { newSId } from '../../common/ids';
import { LOGGER } from '../../common/logger';
import { settleWithin } from '../../common/settle-within';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import { AgentRun } from '../run/agent-run';
import { RunHandle, runnerActor, type RunStopReason } from '../run/run-handle';
import { interruptedError } from '../run/run-outcome';
import { RunOutcomeRecorder, type RunEnding, type SettlingRun } from '../run/run-outcome.recorder';
import { RunPreemptedError, RunStreamWriter } from '../run/run-stream-writer';
import { isCancelWithoutItsRun } from '@app/domain/conversation/cancelled-outcome';
import { interruptedOutcomeOf } from './interrupted-outcome';
import { recordedRunOf, resumeStateOf, type RunResumeState } from './run-resume-state';
import type { TrackedMessage } from './run-tracker';

/** A run just started: its handle, and its claim landing (rejects when the claim was lost). */
export interface LaunchedRun {
  readonly handle: RunHandle;
  readonly claim: Promise<unknown>;
}

/**
 * This process's runs and the claims behind them: starting a message's run with a claim on its run
 * stream (the first event, or `AgentRunResumed` after the last one, appended with the expected
 * revision so one runner among all replicas wins), taking over a run that was waiting when its
 * runner stopped, and settling what nobody will run (cancelled early, lease expired). Which
 * messages to act on is the AgentRunner's to decide.
 */
@Injectable()
export class RunClaims {
  /** Identifies this process in claims (host, pid, and a random suffix per start). */
  readonly runnerId = `${hostname()}:${process.pid}:${newSId(6)}`;
  private readonly active = new Map<string, RunHandle>();
  private readonly log: Logger;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly appender: StreamAppender,
    private readonly agentRun: AgentRun,
    private readonly outcomes: RunOutcomeRecorder,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'agent-runner' });
  }

  /** Messages this process is answering right now. */
  activeRuns(): string[] {
    return [...this.active.keys()];
  }

  isRunning(messageId: string): boolean {
    return this.active.has(messageId);
  }

  /** At capacity a message stays as it is: a later sweep (or another replica) takes it. */
  get full(): boolean {
    return this.active.size >= this.options.maxConcurrentRuns;
  }

  /** Stops the run answering this message, if this process runs it; false when it does not. */
  stop(messageId: string, reason: RunStopReason): boolean {
    const handle = this.active.get(messageId);
    handle?.stop(reason);
    return handle !== undefined;
  }

  /** Stops every run (those waiting on a tool call are suspended, to be taken over) and waits for them, at most `graceMs`. */
  async stopAll(graceMs: number): Promise<void> {
    const running = [...this.active.values()];
    for (const handle of running) handle.stop(handle.waiting ? 'suspended' : 'shutdown');
    await settleWithin(Promise.allSettled(running.map((handle) => handle.done)), graceMs);
  }

  /** Starts answering a message nobody claimed yet; `ended` hears when the run is over. */
  startNew(message: TrackedMessage, ended: () => void): LaunchedRun {
    const data = message.created.data;
    const at = Date.now();
    return this.launch(message, -1, null, ended, {
      type: 'AgentRunStarted',
      data: {
        messageId: message.messageId,
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
   * from its run stream (null when it cannot be now); any other is recorded as interrupted.
   */
  async takeOver(message: TrackedMessage, ended: () => void, stopping: () => boolean): Promise<LaunchedRun | null> {
    // The run stream is read for a run still to take over or settle, and for a cancel that settled the message without it.
    const needsRun = !message.finalStatus || isCancelWithoutItsRun(message.finalStatus.event);
    const recorded = needsRun ? (await this.eventStore.readStream(toAgentMessageStreamName(message.messageId))).map((event) => upcast(event)) : [];
    if (!message.finalStatus) {
      const state = resumeStateOf(recorded);
      if (state !== null) {
        // The log may lag the stream: a claim renewed meanwhile is still held.
        if (state.leaseUntil >= Date.now() || stopping() || this.active.has(message.messageId) || this.full) return null;
        this.log.info({ messageId: message.messageId, pending: state.pending.length }, 'taking over an agent run that was waiting');
        const at = Date.now();
        return this.launch(message, state.lastRevision, state, ended, {
          type: 'AgentRunResumed',
          data: { runnerId: this.runnerId, leaseUntil: at + this.options.leaseMs, at },
        });
      }
    }
    await this.recoverExpired(message, recorded);
    return null;
  }

  /** Ends the run stream of a message settled on the conversation without any run (cancelled early). */
  async settleWithoutRun(message: TrackedMessage): Promise<void> {
    if (!message.finalStatus) return;
    await ignorePreempted(this.outcomes.endRunStream(this.settling(message, -1), message.finalStatus.event));
  }

  /**
   * Claims the message's run stream with `claimEvent` (appended right after `revision`) and runs it,
   * from the start or from `resume`. The run starts while its claim is being written: building the
   * prompt and reaching the model overlap the claim's fsync, and the run records nothing until the
   * claim has landed.
   */
  private launch(message: TrackedMessage, revision: number, resume: RunResumeState | null, ended: () => void, claimEvent: AgentRunEvent): LaunchedRun {
    const { messageId } = message;
    const writer = new RunStreamWriter(this.appender, toAgentMessageStreamName(messageId), revision, runnerActor(this.runnerId));
    const claim = writer.append(claimEvent);
    const handle = new RunHandle(message, writer, this.runnerId, claim.then(() => undefined));
    this.active.set(messageId, handle);
    handle.done = this.agentRun.answer(handle, resume).finally(() => {
      this.active.delete(messageId);
      ended();
    });
    claim.catch((error: unknown) => {
      // Preempted: another runner claimed it first, and runs it. Otherwise the claim is not
      // durable: either way this run stops without recording.
      handle.stop('preempted');
      if (!(error instanceof RunPreemptedError)) this.log.warn({ err: error, messageId }, 'could not claim an agent message');
    });
    return { handle, claim };
  }

  /**
   * A claim whose runner stopped renewing it: record the run as interrupted, with what its run
   * stream (`recorded`, upcast) holds: tokens, tool calls and results, usage.
   */
  private async recoverExpired(message: TrackedMessage, recorded: readonly RecordedEvent[]): Promise<void> {
    this.log.warn({ messageId: message.messageId, claim: message.claim }, 'agent run lease expired; settling it');
    const run = this.settling(message, message.lastRevision);
    const now = Date.now();
    const progress = recordedRunOf(recorded);
    if (message.finalStatus) {
      // Cancelled while its runner was dying: the message keeps what the run had streamed, as it does when the runner stops.
      if (progress && isCancelWithoutItsRun(message.finalStatus.event)) {
        const outcome = interruptedOutcomeOf(progress, message.created, this.config.modelCatalog, now);
        await ignorePreempted(this.outcomes.record(run, { status: 'cancelled', outcome, at: now }, 'rethrow'));
        return;
      }
      await ignorePreempted(this.outcomes.endRunStream(run, message.finalStatus.event));
      return;
    }
    const outcome = progress ? interruptedOutcomeOf(progress, message.created, this.config.modelCatalog, now) : { error: interruptedError('lease_expired'), completedTs: now };
    const ending: RunEnding = { status: 'failed', outcome, at: now };
    await ignorePreempted(this.outcomes.record(run, ending, 'rethrow'));
  }

  /** This runner taking over a message's run stream after the given revision. */
  private settling(message: TrackedMessage, revision: number): SettlingRun {
    const actor = runnerActor(this.runnerId);
    const writer = new RunStreamWriter(this.appender, toAgentMessageStreamName(message.messageId), revision, actor);
    return { tracked: message, writer, actor };
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
