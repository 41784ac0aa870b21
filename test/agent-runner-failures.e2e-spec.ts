import {
  AgentApi,
  allEvents,
  openAIEnv,
  payloads,
  runRequests,
  sentText,
  streamedText,
  textScenario,
} from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import type { Scenario } from './support/fake-openai-server';
import { call } from './support/test-app';

// Runs that do not simply succeed: provider and stream failures, cancel, retry, edit, and a runner
// that is off or has no provider. Successful runs are in agent-runner-streaming.

jest.setTimeout(30_000);

const openAI = useFakeOpenAI();

describe('agent runner on the Responses API', () => {
  let api: AgentApi;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server));
  });
  afterAll(async () => {
    // The provider-key test in agent-runner-streaming covers the event log of its own app; the
    // error, cancel and re-run events written here get the same check before this app goes.
    try {
      expect(JSON.stringify(await allEvents(api))).not.toContain('sk-test');
    } finally {
      await api.t.close();
    }
  });

  it('fails with model_provider_error when the provider answers 500 (after its retries)', async () => {
    const error: Scenario = { steps: [{ type: 'http-error', status: 500 }] };
    openAI.server.enqueue(error, error, error);
    const { conversationId, agentMessageId } = await api.createConversation('Fail please');
    const { frames } = await api.events(conversationId, agentMessageId, { timeoutMs: 20_000 });
    const last = payloads(frames).at(-1);
    expect(last).toMatchObject({ type: 'agent_error', configurationId: 'dust', messageId: agentMessageId, error: { code: 'model_provider_error' } });
    expect(last.error.message).toContain('500');
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error' } });
  });

  it('fails with model_stream_error when the connection breaks mid-stream, keeping the partial text', async () => {
    openAI.server.enqueue({ steps: [{ type: 'text', tokens: ['Partial'] }, { type: 'disconnect' }] });
    const { conversationId, agentMessageId } = await api.createConversation('Break');
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(payloads(frames).at(-1)).toMatchObject({ type: 'agent_error', error: { code: 'model_stream_error' } });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', content: 'Partial', error: { code: 'model_stream_error' } });
  });

  it('fails with model_stream_error on a malformed chunk', async () => {
    openAI.server.enqueue({ steps: [{ type: 'malformed' }] });
    const { conversationId, agentMessageId } = await api.createConversation('Garbage');
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'model_stream_error' } });
  });

  it('stops within a second when the message is cancelled', async () => {
    openAI.server.enqueue(textScenario(Array.from({ length: 100 }, (_, i) => `t${i} `), 100));
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
    expect(openAI.server.requests[0].closedByClient).toBe(true);
  });

  it('keeps on a cancelled answer the text it had written, read back as soon as the stream says cancelled', async () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i} `);
    openAI.server.enqueue(textScenario(words, 60));
    const { conversationId, agentMessageId } = await api.createConversation('Talk slowly, then stop');
    let cancelled = false;
    const { frames } = await api.events(conversationId, agentMessageId, {
      stop: (received) => {
        if (!cancelled && received.filter((f) => f.data?.type === 'generation_tokens').length >= 3) {
          cancelled = true;
          void call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/cancel`), { key: api.key, body: { messageIds: [agentMessageId] } });
        }
        return received.some((f) => f.raw === 'done');
      },
    });
    expect(payloads(frames).at(-1)).toMatchObject({ type: 'agent_generation_cancelled' });
    const streamed = streamedText(frames);
    expect(streamed.length).toBeGreaterThan(0);
    const message = await api.message(conversationId, agentMessageId);
    expect(message.status).toBe('cancelled');
    expect(message.error).toBeNull();
    // What was streamed, and perhaps a word the runner read as the cancel landed; never the whole answer.
    expect(message.content.startsWith(streamed)).toBe(true);
    expect(words.join('').startsWith(message.content)).toBe(true);
    expect(message.content.length).toBeLessThan(words.join('').length);
    // The conversation says so too, in every read of it.
    const conversation = await api.conversation(conversationId);
    expect(conversation.content.flat().find((m: { sId: string }) => m.sId === agentMessageId)).toMatchObject({ status: 'cancelled', content: message.content });
  });

  it('runs a retry into the new version', async () => {
    openAI.server.enqueue(textScenario(['First try.']));
    const { conversationId, agentMessageId } = await api.createConversation('Retry me');
    await api.settled(conversationId, agentMessageId);
    openAI.server.enqueue(textScenario(['Second try.']));
    const retried = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${agentMessageId}/retry`), { key: api.key });
    expect(retried.status).toBe(200);
    const newId = retried.body.message.sId;
    expect(newId).not.toBe(agentMessageId);
    const { frames } = await api.events(conversationId, newId);
    expect(streamedText(frames)).toBe('Second try.');
    const message = await api.settled(conversationId, newId);
    expect(message).toMatchObject({ status: 'succeeded', version: 1, content: 'Second try.' });
    // The retry answers the same question without seeing the answer it replaces.
    expect(sentText(runRequests(openAI.server)[1].body)).not.toContain('First try.');
  });

  it('re-runs after an edit, answering the edited text', async () => {
    openAI.server.enqueue(textScenario(['About cats.']));
    const { conversationId, userMessageId, agentMessageId } = await api.createConversation('Tell me about cats');
    await api.settled(conversationId, agentMessageId);
    openAI.server.enqueue(textScenario(['About dogs.']));
    const edited = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${userMessageId}/edit`), {
      key: api.key,
      body: { content: 'Tell me about dogs', mentions: [{ configurationId: 'dust' }] },
    });
    expect(edited.status).toBe(200);
    const newAgentId = edited.body.agentMessages[0].sId;
    const message = await api.settled(conversationId, newAgentId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'About dogs.' });
    const body = sentText(runRequests(openAI.server)[1].body);
    expect(body).toContain('Tell me about dogs');
    expect(body).not.toContain('Tell me about cats');
  });
});

describe('agent runner configuration', () => {
  it('runs nothing when disabled: the message stays created', async () => {
    const api = await AgentApi.start(openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'false' }));
    try {
      const { conversationId, agentMessageId } = await api.createConversation('Anyone?');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await api.message(conversationId, agentMessageId)).status).toBe('created');
      expect(openAI.server.requests).toHaveLength(0);
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
