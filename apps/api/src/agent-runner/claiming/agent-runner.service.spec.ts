import { toAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import { agentMessageCreated, FIXTURE_CONVERSATION_ID } from '@app/contracts/test/conversation.fixtures';
import { SqliteEventStore, type EventStore, type EventSubscription, type ReadStore, type RecordedEvent } from '@app/storage';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { ApiConfig } from '../../config/api-config';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { StreamAppender } from '../../event-sourcing/writing/stream-appender';
import type { AgentRun } from '../run/agent-run';
import { AgentRunner } from './agent-runner.service';
import type { RunHandle } from '../run/run-handle';
import type { RunOutcomeRecorder } from '../run/run-outcome.recorder';
import { RunClaims } from './run-claims';

/**
 * The log as the runner sees it, with the subscription held back: it delivers only as many events
 * as the test released, as a subscription lagging the commits would. Everything else is the store's.
 */
class HeldBackLog implements EventStore {
  private released = 0;
  private delivered = 0;
  private wake: (() => void) | null = null;
  subscribed = false;
  readonly watchCommits?: EventStore['watchCommits'];

  constructor(
    readonly store: SqliteEventStore,
    options: { readonly commitHints: boolean },
  ) {
    if (options.commitHints) this.watchCommits = (listener) => store.watchCommits(listener);
  }

  /** Lets `count` more events through the subscription. */
  release(count: number): void {
    this.released += count;
    this.wake?.();
  }

  get deliveredCount(): number {
    return this.delivered;
  }

  subscribeToAll(options?: { readonly after?: number }): EventSubscription {
    const inner = this.store.subscribeToAll(options);
    this.subscribed = true;
    return {
      [Symbol.asyncIterator]: () => this.heldBack(inner),
      close: () => {
        this.release(Number.MAX_SAFE_INTEGER);
        return inner.close();
      },
    };
  }

  private async *heldBack(inner: EventSubscription): AsyncGenerator<RecordedEvent> {
    for await (const event of inner) {
      while (this.delivered >= this.released) await new Promise<void>((resolve) => (this.wake = resolve));
      this.delivered += 1;
      yield event;
    }
  }

  append: EventStore['append'] = (...args) => this.store.append(...args);
  readStream: EventStore['readStream'] = (...args) => this.store.readStream(...args);
  readAll: EventStore['readAll'] = (...args) => this.store.readAll(...args);
  subscribeToStream: EventStore['subscribeToStream'] = (...args) => this.store.subscribeToStream(...args);
  headPosition: EventStore['headPosition'] = () => this.store.headPosition();
  ping: EventStore['ping'] = () => this.store.ping();
  close: EventStore['close'] = () => this.store.close();
}

/** Stands in for the run: records which messages it was asked to run; each run ends when told to. */
class RunsSeen {
  readonly started: string[] = [];
  private readonly endings: (() => void)[] = [];

  readonly agentRun = {
    answer: async (handle: RunHandle): Promise<void> => {
      this.started.push(handle.messageId);
      await handle.claimed.catch(() => undefined);
      await new Promise<void>((resolve) => {
        this.endings.push(resolve);
        handle.signal.addEventListener('abort', () => resolve());
      });
    },
  } as unknown as AgentRun;

  endAll(): void {
    for (const end of this.endings.splice(0)) end();
  }
}

const OPTIONS = {
  leaseMs: 60_000,
  leaseRenewMs: 30_000,
  sweepIntervalMs: 60_000,
  checkpointEveryMs: 0,
  shutdownGraceMs: 500,
  maxConcurrentRuns: 4,
} as AgentRunnerSettings;

const readStore = { getCheckpoint: () => Promise.resolve(null), commit: () => Promise.resolve() } as unknown as ReadStore;

async function until(predicate: () => boolean, what: string, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function startRunner(commitHints: boolean): Promise<{ log: HeldBackLog; runs: RunsSeen; runner: AgentRunner }> {
  const log = new HeldBackLog(new SqliteEventStore({ path: ':memory:' }), { commitHints });
  const runs = new RunsSeen();
  const config = { agentRunnerEnabled: true } as ApiConfig;
  const logger = pino({ level: 'silent' });
  const claims = new RunClaims(log, new StreamAppender(log), runs.agentRun, {} as RunOutcomeRecorder, config, OPTIONS, logger);
  const runner = new AgentRunner(log, readStore, claims, config, OPTIONS, logger);
  runner.onApplicationBootstrap();
  await until(() => log.subscribed, 'the runner to catch up');
  return { log, runs, runner };
}

async function createAgentMessage(log: HeldBackLog, messageId: string): Promise<void> {
  const event = agentMessageCreated(messageId, 1, 'usr_msg_1');
  await log.append(`conversation-${FIXTURE_CONVERSATION_ID}`, [{ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }], 'any');
}

async function claimsOf(log: HeldBackLog, messageId: string): Promise<RecordedEvent[]> {
  const stream = await log.readStream(toAgentMessageStreamName(messageId));
  return stream.filter((event) => event.type === 'AgentRunStarted');
}

describe('AgentRunner, messages this process commits', () => {
  let running: { log: HeldBackLog; runs: RunsSeen; runner: AgentRunner } | null = null;
  afterEach(async () => {
    if (!running) return;
    running.runs.endAll();
    await running.runner.beforeApplicationShutdown();
    await running.log.close();
    running = null;
  });

  it('starts a run from the commit, before the subscription delivers the message, and runs it once', async () => {
    running = await startRunner(true);
    const { log, runs } = running;
    await createAgentMessage(log, 'agm_early');
    await until(() => runs.started.length === 1, 'the run to start');
    expect(log.deliveredCount).toBe(0);
    await until(() => running?.runner.activeRuns().length === 1, 'the run to be active');
    // The log catches up: the creation, then the run's claim.
    log.release(Number.MAX_SAFE_INTEGER);
    await until(() => log.deliveredCount >= 2, 'the subscription to deliver the creation and the claim');
    runs.endAll();
    await until(() => running?.runner.activeRuns().length === 0, 'the run to end');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs.started).toEqual(['agm_early']);
    expect(await claimsOf(log, 'agm_early')).toHaveLength(1);
  });

  it('does not run a message again that ended before the subscription delivered its claim', async () => {
    running = await startRunner(true);
    const { log, runs } = running;
    await createAgentMessage(log, 'agm_fast');
    await until(() => runs.started.length === 1, 'the run to start');
    // The tracker learns of the message, not yet of its claim; then the run ends, and its end sweeps.
    log.release(1);
    await until(() => log.deliveredCount === 1, 'the creation to be delivered');
    await new Promise((resolve) => setTimeout(resolve, 10));
    runs.endAll();
    await until(() => running?.runner.activeRuns().length === 0, 'the run to end');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs.started).toEqual(['agm_fast']);
    log.release(Number.MAX_SAFE_INTEGER);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs.started).toEqual(['agm_fast']);
    expect(await claimsOf(log, 'agm_fast')).toHaveLength(1);
  });

  it('waits for the subscription when the store gives no commit hints', async () => {
    running = await startRunner(false);
    const { log, runs } = running;
    await createAgentMessage(log, 'agm_later');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs.started).toEqual([]);
    log.release(1);
    await until(() => runs.started.length === 1, 'the run to start');
    expect(runs.started).toEqual(['agm_later']);
  });
});
