import { toAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import {
  agentMessageCreated,
  conversationCreated,
  fixtureAgent,
  fixtureBase,
  FIXTURE_CONVERSATION_ID,
  FIXTURE_WORKSPACE_ID,
  T0,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import { conversationAggregate } from '@app/domain/conversation/conversation.decider';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { ProjectionProgress } from '@app/projections';
import { SqliteEventStore, SqliteReadStore } from '@app/storage';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { ConversationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { DeciderExecutor } from '../../event-sourcing/writing/decider-executor';
import { StreamAppender } from '../../event-sourcing/writing/stream-appender';
import { loadApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { Metrics } from '../../metrics/metrics';
import { RunOutcomeRecorder, type RunEnding, type SettlingRun } from './run-outcome.recorder';
import { RunStreamWriter } from './run-stream-writer';

const CONVERSATION = toConversationStreamName(FIXTURE_CONVERSATION_ID);
const RUN_STREAM = toAgentMessageStreamName('a1');
const ACTOR = 'agent-runner:test';
const succeeded: RunEnding = { status: 'succeeded', outcome: { content: 'Hi there', completedTs: T0 + 10 }, at: T0 + 10 };

describe('RunOutcomeRecorder', () => {
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let executor: DeciderExecutor;
  let recorder: RunOutcomeRecorder;
  let metrics: Metrics;
  let run: SettlingRun;

  beforeEach(async () => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    readStore = new SqliteReadStore({ path: ':memory:' });
    executor = new DeciderExecutor(eventStore);
    metrics = new Metrics();
    recorder = new RunOutcomeRecorder(eventStore, new ConversationAggregateWriter(executor), recorderReadModels(), pino({ level: 'silent' }), metrics);
    const created = agentMessageCreated('a1', 1, 'u1');
    const { position } = await append(conversationCreated(), userMessagePosted('u1', 0, [fixtureAgent()]), created);
    run = {
      tracked: { messageId: 'a1', created, createdPosition: position, claim: null, lastRevision: -1, finalStatus: null },
      writer: new RunStreamWriter(new StreamAppender(eventStore), RUN_STREAM, -1, ACTOR),
      actor: ACTOR,
    };
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
  });

  function recorderReadModels(): ReadModels {
    const readModels = new ReadModels(readStore, loadApiConfig({}), new ProjectionProgress());
    // No projector runs here: the recorder's wait for the read models returns at once.
    jest.spyOn(readModels, 'waitFor').mockResolvedValue();
    return readModels;
  }

  function append(...events: ConversationEvent[]) {
    return eventStore.append(
      CONVERSATION,
      events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } })),
      'any',
    );
  }

  async function runsByOutcome(): Promise<Record<string, number>> {
    return Object.fromEntries((await metrics.agentRuns.get()).values.map((value) => [String(value.labels.outcome), value.value]));
  }

  async function runStreamTypes(): Promise<string[]> {
    return (await eventStore.readStream(RUN_STREAM)).map((event) => event.type);
  }

  it('records the outcome on the conversation, then ends the run stream with it', async () => {
    const change = await recorder.record(run, succeeded, 'end-stream');
    expect(change.data).toMatchObject({ messageId: 'a1', status: 'succeeded', content: 'Hi there', completedTs: T0 + 10 });
    const recorded = await eventStore.readStream(CONVERSATION);
    expect(recorded.at(-1)).toMatchObject({ type: 'AgentMessageStatusChanged', metadata: { actor: ACTOR } });
    const [terminal] = await eventStore.readStream(RUN_STREAM);
    expect(terminal).toMatchObject({ type: 'AgentRunSucceeded', data: { message: { messageId: 'a1' }, outcome: { content: 'Hi there' } } });
    expect(await runsByOutcome()).toEqual({ succeeded: 1 });
  });

  it('ends the run stream with what the conversation recorded first', async () => {
    await executor.execute(
      conversationAggregate,
      FIXTURE_CONVERSATION_ID,
      { type: 'CompleteAgentMessage', conversationId: FIXTURE_CONVERSATION_ID, workspaceId: FIXTURE_WORKSPACE_ID, now: T0 + 5, messageId: 'a1', status: 'cancelled' },
      { actor: 'user' },
    );
    const change = await recorder.record(run, succeeded, 'end-stream');
    expect(change.data.status).toBe('cancelled');
    expect(await runStreamTypes()).toEqual(['AgentRunCancelled']);
    // The run counts under the outcome the conversation holds, not the runner's.
    expect(await runsByOutcome()).toEqual({ cancelled: 1 });
  });

  it('when the conversation refuses the outcome, ends the run stream anyway or rethrows, as asked', async () => {
    await append({ type: 'ConversationDeleted', data: { ...fixtureBase(5), deletedBy: null } });
    await expect(recorder.record(run, succeeded, 'rethrow')).rejects.toMatchObject({ type: 'conversation_not_found' });
    expect(await runStreamTypes()).toEqual([]);

    const failed: RunEnding = { status: 'failed', outcome: { error: { code: 'x', message: 'boom', metadata: null } }, at: T0 + 20 };
    const change = await recorder.record(run, failed, 'end-stream');
    expect(change.data).toMatchObject({ status: 'failed', error: { code: 'x' } });
    expect(await runStreamTypes()).toEqual(['AgentRunFailed']);
  });

  it('logs a failed run at warn with its error code, never its message', async () => {
    const lines: string[] = [];
    const logged = new RunOutcomeRecorder(eventStore, new ConversationAggregateWriter(executor), recorderReadModels(), pino({ level: 'info' }, { write: (line: string) => lines.push(line) }), new Metrics());
    const secret = 'Incorrect API key provided: sk-live-0123456789';
    await logged.record(run, { status: 'failed', outcome: { error: { code: 'model_auth_error', message: secret, metadata: null } }, at: T0 + 20 }, 'end-stream');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ level: 40, msg: 'agent run failed', errorCode: 'model_auth_error', messageId: 'a1', conversationId: FIXTURE_CONVERSATION_ID }),
    ]);
    expect(lines.join('\n')).not.toContain('sk-live');
  });

  it('logs nothing at warn for a run that succeeded', async () => {
    const lines: string[] = [];
    const logged = new RunOutcomeRecorder(eventStore, new ConversationAggregateWriter(executor), recorderReadModels(), pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }), new Metrics());
    await logged.record(run, succeeded, 'end-stream');
    expect(lines).toEqual([]);
  });
});
