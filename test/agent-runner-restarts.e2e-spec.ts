import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import { ALL_PROJECTIONS, rebuildReadModels } from '@app/projections';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { AgentApi, openAIEnv, payloads, streamedText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { registerServer } from './support/mcp-tool-server';
import { call, startTestApp } from './support/test-app';

// Each test stops an app and starts another on the same data dir: what the new runner does with
// messages left queued, cancelled, claimed by another runner or cut by the shutdown.

jest.setTimeout(30_000);

const openAI = useFakeOpenAI();

/** What a runner that crashed mid-run leaves behind: a claim whose lease lapsed a while ago, "Half an ans" streamed, no end. */
async function leaveDeadRunClaim(api: AgentApi, conversationId: string, agentMessageId: string, schemaVersion: number): Promise<void> {
  const store = api.t.app.get<EventStore>(EVENT_STORE);
  const at = Date.now() - 60_000;
  const meta = { schemaVersion };
  await store.append(
    `agent_message-${agentMessageId}`,
    [
      {
        id: randomUUID(),
        type: 'AgentRunStarted',
        data: { messageId: agentMessageId, conversationId, workspaceId: api.workspaceId, configurationId: 'dust', runnerId: 'dead', leaseUntil: at + 30_000, at },
        metadata: meta,
      },
      { id: randomUUID(), type: 'AgentTokensGenerated', data: { text: 'Half an ans', classification: 'tokens', step: 0, at }, metadata: meta },
    ],
    'no_stream',
  );
}

describe('agent runner across restarts', () => {
  it('runs messages created while no runner was running', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Queued while down');
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    openAI.server.enqueue(textScenario(['Picked up.']));
    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      expect(await second.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Picked up.' });
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('ends the stream of a message cancelled before any runner claimed it', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Never mind');
    await call(first.t.baseUrl, 'POST', first.path(`/${conversationId}/cancel`), { key: first.key, body: { messageIds: [agentMessageId] } });
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      const { frames } = await second.events(conversationId, agentMessageId);
      expect(payloads(frames).map((p) => p.type)).toEqual(['agent_generation_cancelled']);
      expect((await second.message(conversationId, agentMessageId)).status).toBe('cancelled');
      expect(openAI.server.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails a message whose runner died (lease expired) with agent_run_interrupted', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Claimed by a dead runner');
    // What a runner that crashed mid-run leaves behind: a claim, some tokens, no end.
    await leaveDeadRunClaim(first, conversationId, agentMessageId, 1);
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      const message = await second.settled(conversationId, agentMessageId);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' } });
      const { frames } = await second.events(conversationId, agentMessageId);
      expect(payloads(frames).map((p) => p.type)).toEqual(['generation_tokens', 'agent_error']);
      expect(frames.map((f) => f.eventId).filter(Boolean)).toEqual(['1', '2']);
      expect(openAI.server.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps on a message cancelled while its runner was dying what the run had streamed, and leaves it cancelled', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Cancelled as its runner died');
    // A runner killed mid-run, then the person's cancel: the message is settled by the cancel alone.
    await leaveDeadRunClaim(first, conversationId, agentMessageId, CURRENT_SCHEMA_VERSION);
    const cancelled = await call(first.t.baseUrl, 'POST', first.path(`/${conversationId}/cancel`), { key: first.key, body: { messageIds: [agentMessageId] } });
    expect(cancelled.status).toBe(200);
    expect(await first.message(conversationId, agentMessageId)).toMatchObject({ status: 'cancelled', content: null });
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      const { frames } = await second.events(conversationId, agentMessageId);
      expect(payloads(frames).map((p) => p.type)).toEqual(['generation_tokens', 'agent_generation_cancelled']);
      expect(await second.message(conversationId, agentMessageId)).toMatchObject({ status: 'cancelled', content: 'Half an ans', error: null });
      expect(openAI.server.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps what a run whose runner died had recorded (text, tool calls and results, usage) when it fails it as interrupted, as a rebuild does', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Claimed by a runner killed after a tool ran');
    // A runner killed after a tool call ran and while the next step streamed: its lease lapsed.
    const store = first.t.app.get<EventStore>(EVENT_STORE);
    const at = Date.now() - 60_000;
    const meta = { schemaVersion: CURRENT_SCHEMA_VERSION };
    const running = {
      sId: 'act_k1',
      callId: 'k1',
      toolName: 'add',
      serverId: 'mcp-client-side:ide',
      serverName: 'IDE',
      params: { a: 2, b: 40 },
      step: 0,
      status: 'running',
      calledAt: at,
      endedAt: null,
      durationMs: null,
      output: null,
      paramsPosition: null,
    };
    const { position: paramsPosition } = await store.append(
      `agent_message-${agentMessageId}`,
      [
        {
          id: randomUUID(),
          type: 'AgentRunStarted',
          data: { messageId: agentMessageId, conversationId, workspaceId: first.workspaceId, configurationId: 'dust', runnerId: 'dead', leaseUntil: at + 30_000, at },
          metadata: meta,
        },
        { id: randomUUID(), type: 'AgentTokensGenerated', data: { text: 'Let me add.', classification: 'tokens', step: 0, at }, metadata: meta },
        { id: randomUUID(), type: 'AgentToolParamsRecorded', data: { call: running, messagePosition: 0, at }, metadata: meta },
      ],
      'any',
    );
    const done = { ...running, status: 'succeeded', endedAt: at + 5, durationMs: 5, output: [{ type: 'text', text: 'The sum is 42.' }], paramsPosition };
    await store.append(
      `agent_message-${agentMessageId}`,
      [
        { id: randomUUID(), type: 'AgentActionSucceeded', data: { call: done, messagePosition: 0, at: at + 5 }, metadata: meta },
        { id: randomUUID(), type: 'AgentTokensGenerated', data: { text: 'It is 4', classification: 'tokens', step: 1, at: at + 6 }, metadata: meta },
      ],
      'any',
    );
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      const message = await second.settled(conversationId, agentMessageId);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' }, content: 'Let me add.\n\nIt is 4' });
      expect(message.actions).toEqual([
        expect.objectContaining({ sId: 'act_k1', id: paramsPosition, functionCallName: 'add', status: 'succeeded', output: [{ type: 'text', text: 'The sum is 42.' }] }),
      ]);
      expect(openAI.server.requests).toHaveLength(0);
      const live = await second.conversation(conversationId);
      await rebuildReadModels(second.t.app.get<EventStore>(EVENT_STORE), second.t.app.get<ReadStore>(READ_STORE), ALL_PROJECTIONS, { switchGraceMs: 1_000 });
      expect(await second.conversation(conversationId)).toEqual(live);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a runner that died after recording the wait for a tools/call but before sending it: the next one tells the model at once that the tool did not run', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const userKey = await first.t.createKey(first.workspaceId, 'user', 'ada@example.com');
    const serverId = await registerServer(first.t.baseUrl, first.workspaceId, userKey, 'My IDE');
    const store = first.t.app.get<EventStore>(EVENT_STORE);
    const registered = (await store.readAll()).find((event) => event.type === 'McpServerRegistered');
    const { userId } = registered!.data as { userId: string };
    const { conversationId, agentMessageId } = await first.createConversation('Add 2 and 40 with the IDE');
    const requestId = `mcp_req_${conversationId}_${agentMessageId}_1_0`;
    const at = Date.now();
    const meta = { schemaVersion: CURRENT_SCHEMA_VERSION };
    await store.append(
      `agent_message-${agentMessageId}`,
      [
        {
          id: randomUUID(),
          type: 'AgentRunStarted',
          data: { messageId: agentMessageId, conversationId, workspaceId: first.workspaceId, configurationId: 'dust', runnerId: 'dead', leaseUntil: at - 1, at: at - 30_000 },
          metadata: meta,
        },
        {
          id: randomUUID(),
          type: 'AgentToolCallWaiting',
          data: {
            call: { callId: 'k1', name: 'add', input: { a: 2, b: 40 }, step: 0 },
            wait: { kind: 'mcp_result', workspaceId: first.workspaceId, userId, serverId, requestId },
            usage: { inputTokens: 10, outputTokens: 5 },
            at,
          },
          metadata: meta,
        },
      ],
      'no_stream',
    );
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    openAI.server.enqueue(textScenario(['The tool did not run.']));
    // A call timeout far longer than the test: only knowing the request was never sent ends the wait.
    const second = first.on(await startTestApp(openAIEnv(openAI.server, { MCP_CALL_TIMEOUT_MS: '60000' }), dataDir));
    try {
      const message = await second.settled(conversationId, agentMessageId, 15_000);
      expect(message).toMatchObject({ status: 'succeeded', content: 'The tool did not run.' });
      expect(message.actions).toEqual([expect.objectContaining({ functionCallName: 'add', status: 'errored' })]);
      expect(JSON.stringify(message.actions[0].output)).toMatch(/the tool did not run/);
      // Abandoned: a late send of it records nothing, and a result for it is refused rather than ignored.
      const late = await call(second.t.baseUrl, 'POST', `/api/v1/w/${first.workspaceId}/mcp/results`, {
        key: userKey,
        body: { serverId, result: { jsonrpc: '2.0', id: requestId, result: { content: [] } } },
      });
      expect(late.status).toBe(400);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves a message alone while another runner holds a live lease, and settles it once the lease expires', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Claimed elsewhere');
    const at = Date.now();
    await first.t.app.get<EventStore>(EVENT_STORE).append(
      `agent_message-${agentMessageId}`,
      [
        {
          id: randomUUID(),
          type: 'AgentRunStarted',
          data: { messageId: agentMessageId, conversationId, workspaceId: first.workspaceId, configurationId: 'dust', runnerId: 'other-replica', leaseUntil: at + 1_500, at },
          metadata: { schemaVersion: 1 },
        },
      ],
      'no_stream',
    );
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await second.message(conversationId, agentMessageId)).status).toBe('created');
      // The other replica never renews: the periodic sweep (every 5 s) finds the lease expired.
      const message = await second.settled(conversationId, agentMessageId, 12_000);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' } });
      expect(openAI.server.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('records a run cut by a shutdown as interrupted, and its stream stays readable after the restart', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server));
    openAI.server.enqueue(textScenario(Array.from({ length: 50 }, (_, i) => `w${i} `), 100));
    const { conversationId, agentMessageId } = await first.createConversation('Long answer');
    const partial = await first.events(conversationId, agentMessageId, {
      stop: (frames) => frames.filter((f) => f.data?.type === 'generation_tokens').length >= 2,
    });
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(openAI.server), dataDir));
    try {
      const message = await second.settled(conversationId, agentMessageId);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' } });
      expect(message.content).toMatch(/^w0 w1 /);
      const seen = partial.frames.at(-1)!.eventId!;
      const rest = await second.events(conversationId, agentMessageId, { lastEventId: seen });
      const restTypes = payloads(rest.frames).map((p) => p.type);
      expect(restTypes.at(-1)).toBe('agent_error');
      expect(streamedText([...partial.frames, ...rest.frames])).toBe(message.content);
      expect(Number(rest.frames[0].eventId)).toBe(Number(seen) + 1);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
