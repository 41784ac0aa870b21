// The AI SDK's ESM graph reaches two ESM-only files jest's transform list misses; these shims load
// the equivalent CommonJS / identical values (module plumbing only: the SDK runs for real).
jest.mock('zod/v4/locales/en.js', () => jest.requireActual('zod/v4/locales/en.cjs'));
jest.mock('@workflow/serde', () => ({
  WORKFLOW_SERIALIZE: Symbol.for('workflow-serialize'),
  WORKFLOW_DESERIALIZE: Symbol.for('workflow-deserialize'),
}));

import { EVENT_STORE, type EventStore } from '@app/storage';
import { AgentToolSources, StaticToolRegistry } from '../apps/api/src/agent-runner';
import {
  AgentApi,
  isTitleRequest,
  openAIEnv,
  payloads,
  runRequests,
  streamedText,
  textScenario,
} from './support/agent-run-helpers';
import { FakeOpenAIServer, type Scenario } from './support/fake-openai-server';
import { collectSse } from './support/sse-client';
import { call, startTestApp } from './support/test-app';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';

jest.setTimeout(30_000);

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await FakeOpenAIServer.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function sentText(body: unknown): string {
  return JSON.stringify(body);
}

async function allEvents(api: AgentApi): Promise<{ type: string; streamName: string; data: any; metadata: any }[]> {
  return api.t.app.get<EventStore>(EVENT_STORE).readAll();
}

describe('agent runner on the Responses API', () => {
  let api: AgentApi;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(fake));
  });
  afterAll(() => api.t.close());

  it('streams tokens, records the final message and reports it on the conversation stream', async () => {
    fake.enqueue(textScenario(['Hello', ', ', 'world', '!'], 10));
    const { conversationId, agentMessageId } = await api.createConversation('Say hello');
    const { frames } = await api.events(conversationId, agentMessageId);
    const types = payloads(frames).map((p) => p.type);
    expect(types.filter((type) => type !== 'generation_tokens')).toEqual(['agent_message_success']);
    expect(streamedText(frames)).toBe('Hello, world!');
    expect(frames.at(-1)?.raw).toBe('done');

    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({
      status: 'succeeded',
      content: 'Hello, world!',
      error: null,
      resolvedModel: { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'none' },
      modelResolutionMethod: 'agent',
      contents: [{ step: 0, content: { type: 'text_content', value: 'Hello, world!' } }],
    });
    // 100 input tokens at $2/M + 50 output tokens at $8/M = 600 micro-USD.
    expect(message.costCredits).toBe(600);
    expect(message.completionDurationMs).toEqual(expect.any(Number));
    expect(message.completedTs).toEqual(expect.any(Number));
    const success = payloads(frames).at(-1);
    expect(success.message).toMatchObject({ sId: agentMessageId, status: 'succeeded', content: 'Hello, world!', costCredits: 600 });
    expect(success.runIds).toEqual([]);

    const conversationEvents = await collectSse(`${api.t.baseUrl}${api.path(`/${conversationId}/events`)}`, {
      key: api.key,
      stop: (received) => received.some((f) => f.data?.type === 'agent_message_done'),
    });
    expect(payloads(conversationEvents.frames).at(-1)).toMatchObject({
      type: 'agent_message_done',
      conversationId,
      configurationId: 'dust',
      messageId: agentMessageId,
      status: 'success',
    });
  });

  it('sends the agent instructions, context and history (latest versions, author names, inline documents)', async () => {
    fake.enqueue(textScenario(['First answer.']));
    const { conversationId, agentMessageId } = await api.createConversation('What is in the report?', {
      contentFragments: [{ title: 'report.txt', content: 'Revenue grew 12% in Q3.', contentType: 'text/plain' }],
    });
    await api.settled(conversationId, agentMessageId);
    fake.enqueue(textScenario(['Second answer.']));
    const second = await api.postMessage(conversationId, 'And in Q4?');
    await api.settled(conversationId, second.agentMessageId);

    const [, request] = runRequests(fake);
    const body = sentText(request.body);
    expect(body).toContain('You are Dust');
    expect(body).toContain('Current date and time');
    expect(body).toContain('Workspace: Acme');
    expect(body).toContain('Ada Lovelace (@ada)');
    expect(body).toContain('<attachment title=\\"report.txt\\" type=\\"text/plain\\">\\nRevenue grew 12% in Q3.');
    expect(body).toContain('First answer.');
    expect(body.indexOf('What is in the report?')).toBeLessThan(body.indexOf('First answer.'));
    expect(body.indexOf('First answer.')).toBeLessThan(body.indexOf('And in Q4?'));
  });

  it('uses the model the user selected for the message', async () => {
    fake.enqueue(textScenario(['Small model here.']));
    const { conversationId, agentMessageId } = await api.createConversation('Hi', {
      modelSelection: { providerId: 'openai', modelId: 'gpt-4.1-mini' },
    });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({
      status: 'succeeded',
      resolvedModel: { providerId: 'openai', modelId: 'gpt-4.1-mini', reasoningEffort: 'none' },
      modelResolutionMethod: 'user',
    });
    expect((runRequests(fake)[0].body as any).model).toBe('gpt-4.1-mini');
  });

  it('streams reasoning as chain_of_thought before the answer', async () => {
    fake.enqueue({
      steps: [
        { type: 'reasoning', tokens: ['Thinking ', 'hard.'] },
        { type: 'text', tokens: ['Answer.'] },
      ],
    });
    const { conversationId, agentMessageId } = await api.createConversation('Think first');
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(streamedText(frames, 'chain_of_thought')).toBe('Thinking hard.');
    expect(streamedText(frames)).toBe('Answer.');
    const kinds = payloads(frames).filter((p) => p.type === 'generation_tokens').map((p) => p.classification);
    expect(kinds.indexOf('tokens')).toBeGreaterThan(kinds.lastIndexOf('chain_of_thought'));
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', chainOfThought: 'Thinking hard.', content: 'Answer.' });
  });

  it('calls a tool of a registered registry and records the action', async () => {
    const remove = api.t.app.get(AgentToolSources).register(
      new StaticToolRegistry([
        {
          definition: {
            name: 'lookup_weather',
            description: 'Weather of a city',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
            serverName: 'weather',
          },
          handler: (input) => `Sunny in ${(input as { city: string }).city}`,
        },
      ]),
    );
    try {
      fake.enqueue(
        { steps: [{ type: 'tool-call', name: 'lookup_weather', args: { city: 'Paris' } }] },
        textScenario(['It is sunny in Paris.']),
      );
      const { conversationId, agentMessageId } = await api.createConversation('Weather in Paris?');
      const { frames } = await api.events(conversationId, agentMessageId);
      const events = payloads(frames);
      expect(events.map((p) => p.type).filter((t) => t !== 'generation_tokens')).toEqual([
        'tool_params',
        'agent_action_success',
        'agent_message_success',
      ]);
      const [params, done] = events.filter((p) => p.type !== 'generation_tokens');
      expect(params.action).toMatchObject({ functionCallName: 'lookup_weather', params: { city: 'Paris' }, status: 'running', step: 0 });
      expect(done.action).toMatchObject({
        id: params.action.id,
        sId: params.action.sId,
        status: 'succeeded',
        output: [{ type: 'text', text: 'Sunny in Paris' }],
        internalMCPServerName: 'weather',
      });
      const message = await api.settled(conversationId, agentMessageId);
      expect(message.content).toBe('It is sunny in Paris.');
      expect(message.actions).toEqual([done.action]);
      expect(sentText(runRequests(fake)[1].body)).toContain('Sunny in Paris');
    } finally {
      remove();
    }
  });

  it('fails with model_provider_error when the provider answers 500 (after its retries)', async () => {
    const error: Scenario = { steps: [{ type: 'http-error', status: 500 }] };
    fake.enqueue(error, error, error);
    const { conversationId, agentMessageId } = await api.createConversation('Fail please');
    const { frames } = await api.events(conversationId, agentMessageId, { timeoutMs: 20_000 });
    const last = payloads(frames).at(-1);
    expect(last).toMatchObject({ type: 'agent_error', configurationId: 'dust', messageId: agentMessageId, error: { code: 'model_provider_error' } });
    expect(last.error.message).toContain('500');
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error' } });
  });

  it('fails with model_stream_error when the connection breaks mid-stream, keeping the partial text', async () => {
    fake.enqueue({ steps: [{ type: 'text', tokens: ['Partial'] }, { type: 'disconnect' }] });
    const { conversationId, agentMessageId } = await api.createConversation('Break');
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(payloads(frames).at(-1)).toMatchObject({ type: 'agent_error', error: { code: 'model_stream_error' } });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', content: 'Partial', error: { code: 'model_stream_error' } });
  });

  it('fails with model_stream_error on a malformed chunk', async () => {
    fake.enqueue({ steps: [{ type: 'malformed' }] });
    const { conversationId, agentMessageId } = await api.createConversation('Garbage');
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'model_stream_error' } });
  });

  it('stops within a second when the message is cancelled', async () => {
    fake.enqueue(textScenario(Array.from({ length: 100 }, (_, i) => `t${i} `), 100));
    const { conversationId, agentMessageId } = await api.createConversation('Talk slowly');
    let cancelledAt = 0;
    const { frames } = await api.events(conversationId, agentMessageId, {
      stop: (received) => {
        if (cancelledAt === 0 && received.some((f) => f.data?.type === 'generation_tokens')) {
          cancelledAt = Date.now();
          void call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/cancel`), { key: api.key, body: { messageIds: [agentMessageId] } });
        }
        return received.some((f) => f.raw === 'done');
      },
    });
    const elapsed = Date.now() - cancelledAt;
    expect(payloads(frames).at(-1)).toMatchObject({ type: 'agent_generation_cancelled', messageId: agentMessageId, configurationId: 'dust' });
    expect(elapsed).toBeLessThan(1_000);
    expect((await api.settled(conversationId, agentMessageId)).status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests[0].closedByClient).toBe(true);
  });

  it('runs a retry into the new version', async () => {
    fake.enqueue(textScenario(['First try.']));
    const { conversationId, agentMessageId } = await api.createConversation('Retry me');
    await api.settled(conversationId, agentMessageId);
    fake.enqueue(textScenario(['Second try.']));
    const retried = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${agentMessageId}/retry`), { key: api.key });
    expect(retried.status).toBe(200);
    const newId = retried.body.message.sId;
    expect(newId).not.toBe(agentMessageId);
    const { frames } = await api.events(conversationId, newId);
    expect(streamedText(frames)).toBe('Second try.');
    const message = await api.settled(conversationId, newId);
    expect(message).toMatchObject({ status: 'succeeded', version: 1, content: 'Second try.' });
    // The retry answers the same question without seeing the answer it replaces.
    expect(sentText(runRequests(fake)[1].body)).not.toContain('First try.');
  });

  it('re-runs after an edit, answering the edited text', async () => {
    fake.enqueue(textScenario(['About cats.']));
    const { conversationId, userMessageId, agentMessageId } = await api.createConversation('Tell me about cats');
    await api.settled(conversationId, agentMessageId);
    fake.enqueue(textScenario(['About dogs.']));
    const edited = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${userMessageId}/edit`), {
      key: api.key,
      body: { content: 'Tell me about dogs', mentions: [{ configurationId: 'dust' }] },
    });
    expect(edited.status).toBe(200);
    const newAgentId = edited.body.agentMessages[0].sId;
    const message = await api.settled(conversationId, newAgentId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'About dogs.' });
    const body = sentText(runRequests(fake)[1].body);
    expect(body).toContain('Tell me about dogs');
    expect(body).not.toContain('Tell me about cats');
  });

  it('titles an untitled conversation from the model, or from the message when that fails', async () => {
    fake.setResolver((request) =>
      isTitleRequest(request) ? textScenario(['"Greeting the', ' world."']) : textScenario(['Hi there!']),
    );
    const named = await api.createConversation('Please greet the world for me', { title: null });
    await api.settled(named.conversationId, named.agentMessageId);
    const deadline = Date.now() + 5_000;
    let conversation = await api.conversation(named.conversationId);
    while (conversation.title === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      conversation = await api.conversation(named.conversationId);
    }
    expect(conversation.title).toBe('Greeting the world');
    const titleEvents = await collectSse(`${api.t.baseUrl}${api.path(`/${named.conversationId}/events`)}`, {
      key: api.key,
      stop: (received) => received.some((f) => f.data?.type === 'conversation_title'),
    });
    expect(payloads(titleEvents.frames).at(-1)).toMatchObject({ type: 'conversation_title', title: 'Greeting the world' });

    fake.setResolver((request) => (isTitleRequest(request) ? { steps: [{ type: 'http-error', status: 400 }] } : textScenario(['Ok.'])));
    const long = 'This is a rather long first message that goes on well past sixty characters';
    const fallback = await api.createConversation(long, { title: null });
    await api.settled(fallback.conversationId, fallback.agentMessageId);
    let second = await api.conversation(fallback.conversationId);
    while (second.title === null && Date.now() < deadline + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = await api.conversation(fallback.conversationId);
    }
    expect(second.title).toBe(long.slice(0, 60).trimEnd());
  });

  it('keeps provider keys out of the event log', async () => {
    const events = await allEvents(api);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('sk-test');
  });
});

describe('agent runner on chat completions', () => {
  let api: AgentApi;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(fake, { OPENAI_API_MODE: 'chat' }));
  });
  afterAll(() => api.t.close());

  it('streams tokens and succeeds', async () => {
    fake.enqueue(textScenario(['Chat ', 'completions ', 'work.'], 5));
    const { conversationId, agentMessageId } = await api.createConversation('Hello chat');
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(streamedText(frames)).toBe('Chat completions work.');
    expect(fake.requests[0].path).toBe('/v1/chat/completions');
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Chat completions work.' });
  });
});

describe('agent runner configuration', () => {
  it('runs nothing when disabled: the message stays created', async () => {
    const api = await AgentApi.start(openAIEnv(fake, { AGENT_RUNNER_ENABLED: 'false' }));
    try {
      const { conversationId, agentMessageId } = await api.createConversation('Anyone?');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await api.message(conversationId, agentMessageId)).status).toBe('created');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await api.t.close();
    }
  });

  it('fails the message naming OPENAI_API_KEY when no provider is configured', async () => {
    const api = await AgentApi.start({});
    try {
      const { conversationId, agentMessageId } = await api.createConversation('Hello?');
      const { frames } = await api.events(conversationId, agentMessageId);
      const last = payloads(frames).at(-1);
      expect(last).toMatchObject({ type: 'agent_error', error: { code: 'model_provider_not_configured' } });
      expect(last.error.message).toContain('OPENAI_API_KEY');
      expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'failed', error: { code: 'model_provider_not_configured' } });
    } finally {
      await api.t.close();
    }
  });
});

describe('agent runner across restarts', () => {
  it('runs messages created while no runner was running', async () => {
    const first = await AgentApi.start(openAIEnv(fake, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Queued while down');
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    fake.enqueue(textScenario(['Picked up.']));
    const second = first.on(await startTestApp(openAIEnv(fake), dataDir));
    try {
      expect(await second.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Picked up.' });
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('ends the stream of a message cancelled before any runner claimed it', async () => {
    const first = await AgentApi.start(openAIEnv(fake, { AGENT_RUNNER_ENABLED: 'false' }));
    const { conversationId, agentMessageId } = await first.createConversation('Never mind');
    await call(first.t.baseUrl, 'POST', first.path(`/${conversationId}/cancel`), { key: first.key, body: { messageIds: [agentMessageId] } });
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(fake), dataDir));
    try {
      const { frames } = await second.events(conversationId, agentMessageId);
      expect(payloads(frames).map((p) => p.type)).toEqual(['agent_generation_cancelled']);
      expect((await second.message(conversationId, agentMessageId)).status).toBe('cancelled');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails a message whose runner died (lease expired) with agent_run_interrupted', async () => {
    const first = await AgentApi.start(openAIEnv(fake, { AGENT_RUNNER_ENABLED: 'false' }));
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

    const second = first.on(await startTestApp(openAIEnv(fake), dataDir));
    try {
      const message = await second.settled(conversationId, agentMessageId);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' } });
      const { frames } = await second.events(conversationId, agentMessageId);
      expect(payloads(frames).map((p) => p.type)).toEqual(['generation_tokens', 'agent_error']);
      expect(frames.map((f) => f.eventId).filter(Boolean)).toEqual(['1', '2']);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves a message alone while another runner holds a live lease, and settles it once the lease expires', async () => {
    const first = await AgentApi.start(openAIEnv(fake, { AGENT_RUNNER_ENABLED: 'false' }));
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

    const second = first.on(await startTestApp(openAIEnv(fake), dataDir));
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await second.message(conversationId, agentMessageId)).status).toBe('created');
      // The other replica never renews: the periodic sweep (every 5 s) finds the lease expired.
      const message = await second.settled(conversationId, agentMessageId, 12_000);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' } });
      expect(fake.requests).toHaveLength(0);
    } finally {
      await second.t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('records a run cut by a shutdown as interrupted, and its stream stays readable after the restart', async () => {
    const first = await AgentApi.start(openAIEnv(fake));
    fake.enqueue(textScenario(Array.from({ length: 50 }, (_, i) => `w${i} `), 100));
    const { conversationId, agentMessageId } = await first.createConversation('Long answer');
    const partial = await first.events(conversationId, agentMessageId, {
      stop: (frames) => frames.filter((f) => f.data?.type === 'generation_tokens').length >= 2,
    });
    const dataDir = first.t.dataDir;
    await first.t.close({ keepData: true });

    const second = first.on(await startTestApp(openAIEnv(fake), dataDir));
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
