import { DustAPI } from '@dust-tt/client';
import { rmSync } from 'node:fs';
import { AgentApi, CONTEXT, openAIEnv, payloads, streamedText, textScenario } from './support/agent-run-helpers';
import { FakeOpenAIServer } from './support/fake-openai-server';
import type { ReceivedFrame } from './support/sse-client';
import { call, startTestApp } from './support/test-app';

jest.setTimeout(30_000);

let fake: FakeOpenAIServer;
let api: AgentApi;
const leftovers: string[] = [];

beforeAll(async () => {
  fake = await FakeOpenAIServer.start();
  api = await AgentApi.start(openAIEnv(fake));
});
afterAll(async () => {
  await api.t.close();
  await fake.close();
  for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

const TOKENS = Array.from({ length: 12 }, (_, i) => `tok${i} `);

function eventIds(frames: readonly ReceivedFrame[]): string[] {
  return frames.filter((f) => f.eventId !== undefined).map((f) => f.eventId!);
}

async function finishedRun(tokens = TOKENS) {
  fake.enqueue(textScenario(tokens, 60));
  const ids = await api.createConversation('Count for me');
  const full = await api.events(ids.conversationId, ids.agentMessageId);
  return { ...ids, full };
}

describe('agent message events: errors', () => {
  it('answers 404 conversation_not_found for an unknown conversation and for another workspace', async () => {
    fake.enqueue(textScenario(['x']));
    const { conversationId, agentMessageId } = await api.createConversation('hi');
    const unknown = await call(api.t.baseUrl, 'GET', api.path(`/NoSuchConv/messages/${agentMessageId}/events`), { key: api.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.type).toBe('conversation_not_found');

    const other = await api.t.createWorkspace('Other');
    const cross = await call(
      api.t.baseUrl,
      'GET',
      `/api/v1/w/${other.workspaceId}/assistant/conversations/${conversationId}/messages/${agentMessageId}/events`,
      { key: other.apiKey },
    );
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual(unknown.body);
  });

  it('answers 404 message_not_found and 400 for a user message, on both families', async () => {
    fake.enqueue(textScenario(['x']));
    const { conversationId, userMessageId } = await api.createConversation('hi');
    for (const prefix of [api.path(), `/api/w/${api.workspaceId}/assistant/conversations`]) {
      const missing = await call(api.t.baseUrl, 'GET', `${prefix}/${conversationId}/messages/NoSuchMsg0/events`, { key: api.key });
      expect(missing.status).toBe(404);
      expect(missing.body.error.type).toBe('message_not_found');
      const user = await call(api.t.baseUrl, 'GET', `${prefix}/${conversationId}/messages/${userMessageId}/events`, { key: api.key });
      expect(user.status).toBe(400);
      expect(user.body.error).toEqual({ type: 'invalid_request_error', message: 'Events are only available for agent messages.' });
    }
  });

  it('answers 400 for a lastEventId that is not one of ours', async () => {
    fake.enqueue(textScenario(['x']));
    const { conversationId, agentMessageId } = await api.createConversation('hi');
    const res = await call(api.t.baseUrl, 'GET', api.path(`/${conversationId}/messages/${agentMessageId}/events?lastEventId=1700000000000-0`), { key: api.key });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_request_error');
  });
});

describe('agent message events: frames', () => {
  it('sends unnamed data frames with the exact payloads, then done, then closes', async () => {
    const { conversationId, agentMessageId, full } = await finishedRun(['Hello', ' there']);
    expect(full.closedByServer || full.frames.at(-1)?.raw === 'done').toBe(true);
    expect(full.frames.at(-1)?.raw).toBe('done');
    const data = payloads(full.frames);
    for (const frame of data.slice(0, -1)) {
      expect(Object.keys(frame).sort()).toEqual(['classification', 'configurationId', 'created', 'messageId', 'text', 'type']);
      expect(frame).toMatchObject({ type: 'generation_tokens', configurationId: 'dust', messageId: agentMessageId, classification: 'tokens', created: expect.any(Number) });
    }
    const success = data.at(-1);
    expect(Object.keys(success).sort()).toEqual(['configurationId', 'created', 'message', 'messageId', 'runIds', 'type']);
    expect(success.message).toEqual(await api.message(conversationId, agentMessageId));
    const ids = eventIds(full.frames).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThanOrEqual(1);
  });

  it('serves the same frames on the private family', async () => {
    const { conversationId, agentMessageId, full } = await finishedRun(['a', 'b']);
    const twin = await api.events(conversationId, agentMessageId, { family: 'private' });
    expect(twin.frames.map((f) => f.raw)).toEqual(full.frames.map((f) => f.raw));
  });
});

describe('agent message events: resuming', () => {
  it('resumes during the run with ?lastEventId= and Last-Event-ID without losing or repeating', async () => {
    fake.enqueue(textScenario(TOKENS, 60));
    const { conversationId, agentMessageId } = await api.createConversation('Count slowly');
    const first = await api.events(conversationId, agentMessageId, { stop: (frames) => frames.length >= 2 });
    const byQuery = await api.events(conversationId, agentMessageId, {
      lastEventId: first.frames.at(-1)!.eventId,
      stop: (frames) => frames.length >= 2,
    });
    const byHeader = await api.events(conversationId, agentMessageId, { header: byQuery.frames.at(-1)!.eventId });
    const joined = [...first.frames, ...byQuery.frames, ...byHeader.frames];
    const ids = eventIds(joined);
    expect(new Set(ids).size).toBe(ids.length);
    const whole = await api.events(conversationId, agentMessageId);
    expect(ids).toEqual(eventIds(whole.frames));
    expect(streamedText(joined)).toBe(TOKENS.join(''));
    expect(payloads(joined).at(-1).type).toBe('agent_message_success');
  });

  it('resumes after the run ended, and answers done at once after the terminal event', async () => {
    const { conversationId, agentMessageId, full } = await finishedRun();
    const ids = eventIds(full.frames);
    const middle = ids[4];
    const rest = await api.events(conversationId, agentMessageId, { lastEventId: middle });
    expect(eventIds(rest.frames)).toEqual(ids.slice(5));
    const after = await api.events(conversationId, agentMessageId, { lastEventId: ids.at(-1) });
    expect(after.frames.map((f) => f.raw)).toEqual(['done']);
  });

  it('replays the same frames after a server restart on the same data', async () => {
    const { conversationId, agentMessageId, full } = await finishedRun();
    const dataDir = api.t.dataDir;
    await api.t.close({ keepData: true });
    api = api.on(await startTestApp(openAIEnv(fake), dataDir));
    const replay = await api.events(conversationId, agentMessageId);
    expect(replay.frames.map((f) => f.raw)).toEqual(full.frames.map((f) => f.raw));
    const ids = eventIds(full.frames);
    const resumed = await api.events(conversationId, agentMessageId, { header: ids[2] });
    expect(eventIds(resumed.frames)).toEqual(ids.slice(3));
    // The restarted app was given the directory, so it will not delete it on close.
    leftovers.push(dataDir);
  });
});

describe('agent message events: long-lived streams', () => {
  it('sends keepalive comments while nothing happens', async () => {
    const idle = await AgentApi.start(openAIEnv(fake, { AGENT_RUNNER_ENABLED: 'false' }));
    try {
      const { conversationId, agentMessageId } = await idle.createConversation('Nobody answers');
      const controller = new AbortController();
      const response = await fetch(`${idle.t.baseUrl}${idle.path(`/${conversationId}/messages/${agentMessageId}/events`)}`, {
        headers: { authorization: `Bearer ${idle.key}` },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const started = Date.now();
      let received = '';
      while (!received.includes(': ping') && Date.now() - started < 11_000) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      controller.abort();
      expect(received).toBe(': ping\n\n');
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    } finally {
      await idle.t.close();
    }
  });
});

describe('agent message events: the official client', () => {
  it('streamAgentAnswerEvents receives the tokens and the success event', async () => {
    fake.enqueue(textScenario(['Official ', 'client ', 'works.'], 20));
    const client = new DustAPI({ url: api.t.baseUrl }, { workspaceId: api.workspaceId, apiKey: api.key }, console);
    const created = await client.createConversation({
      title: 'Client test',
      visibility: 'unlisted',
      message: { content: 'Hello client', mentions: [{ configurationId: 'dust' }], context: CONTEXT },
    });
    if (created.isErr()) throw new Error(created.error.message);
    const { conversation, message } = created.value;
    const streamed = await client.streamAgentAnswerEvents({ conversation, userMessageId: message!.sId });
    if (streamed.isErr()) throw new Error(streamed.error.message);
    let text = '';
    let final: any = null;
    for await (const event of streamed.value.eventStream) {
      if (event.type === 'generation_tokens' && event.classification === 'tokens') text += event.text;
      if (event.type === 'agent_message_success') final = event;
      if (event.type === 'agent_error') throw new Error(event.error.message);
    }
    expect(text).toBe('Official client works.');
    expect(final.message).toMatchObject({ status: 'succeeded', content: 'Official client works.' });
    const fetched = await client.getConversation({ conversationId: conversation.sId });
    if (fetched.isErr()) throw new Error(fetched.error.message);
    const answer = fetched.value.content.flat().find((m) => m.type === 'agent_message');
    expect(answer).toMatchObject({ status: 'succeeded', content: 'Official client works.' });
  });
});
