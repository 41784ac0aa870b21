import { EVENT_STORE, type EventStore } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { AgentApi, openAIEnv, payloads, streamedText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/agent-loop-harness';
import { call, startTestApp } from './support/test-app';

// Each test stops an app and starts another on the same data dir: what the new runner does with
// messages left queued, cancelled, claimed by another runner or cut by the shutdown.

jest.setTimeout(30_000);

const openAI = useFakeOpenAI();

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
    const store = first.t.app.get<EventStore>(EVENT_STORE);
    const at = Date.now() - 60_000;
    const meta = { schemaVersion: 1 };
    await store.append(
      `agent_message-${agentMessageId}`,
      [
        {
          id: randomUUID(),
          type: 'AgentRunStarted',
          data: { messageId: agentMessageId, conversationId, workspaceId: first.workspaceId, configurationId: 'dust', runnerId: 'dead', leaseUntil: at + 30_000, at },
          metadata: meta,
        },
        { id: randomUUID(), type: 'AgentTokensGenerated', data: { text: 'Half an ans', classification: 'tokens', step: 0, at }, metadata: meta },
      ],
      'no_stream',
    );
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
