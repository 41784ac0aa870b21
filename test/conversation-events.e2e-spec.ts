import { collectSse } from './support/sse-client';
import { call, startTestApp, type TestApp } from './support/test-app';

const context = { username: 'ada', timezone: 'UTC', origin: 'api' };

describe('conversation events stream', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;

  beforeEach(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
  });
  afterEach(() => t.close());

  const path = (cId: string, family: 'v1' | 'private' = 'v1') =>
    `${t.baseUrl}/api${family === 'v1' ? '/v1' : ''}/w/${workspaceId}/assistant/conversations/${cId}/events`;

  async function conversationWithTwoTurns(): Promise<string> {
    const created = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, {
      key,
      body: { message: { content: 'first', mentions: [{ configurationId: 'dust' }], context } },
    });
    expect(created.body).toHaveProperty('conversation');
    const cId = created.body.conversation.sId;
    await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/messages`, { key, body: { content: 'second', mentions: [], context } });
    return cId;
  }

  it('replays the history as unnamed data frames with eventId and typed payloads', async () => {
    const cId = await conversationWithTwoTurns();
    const { frames, contentType } = await collectSse(path(cId), { key, stop: (f) => f.length >= 3 });
    expect(contentType).toContain('text/event-stream');
    expect(frames.map((f) => f.data.type)).toEqual(['user_message_new', 'agent_message_new', 'user_message_new']);
    expect(frames[0]!.data).toMatchObject({ messageId: expect.any(String), created: expect.any(Number), message: { content: 'first', rank: 0 } });
    expect(frames[1]!.data).toMatchObject({ configurationId: 'dust', message: { status: 'created', rank: 1 } });
    const ids = frames.map((f) => Number(f.eventId));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
  });

  it('delivers live events and resumes after an id (query or Last-Event-ID header) with no loss or repeat', async () => {
    const cId = await conversationWithTwoTurns();
    const all = await collectSse(path(cId), { key, stop: (f) => f.length >= 3 });
    const afterFirst = all.frames[0]!.eventId!;

    const live = collectSse(path(cId), { key, headers: { 'last-event-id': all.frames[2]!.eventId! }, stop: (f) => f.length >= 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/messages`, { key, body: { content: 'third', mentions: [{ configurationId: 'dust' }], context } });
    const liveFrames = (await live).frames;
    expect(liveFrames.map((f) => f.data.type)).toEqual(['user_message_new', 'agent_message_new']);
    expect(liveFrames[0]!.data.message.content).toBe('third');

    const resumed = await collectSse(`${path(cId, 'private')}?lastEventId=${afterFirst}`, { key, stop: (f) => f.length >= 4 });
    expect(resumed.frames.map((f) => f.eventId)).toEqual([...all.frames.slice(1).map((f) => f.eventId), ...liveFrames.map((f) => f.eventId)]);
  });

  it("gives with the conversation the id of its last event, after which the stream brings only what came next", async () => {
    const cId = await conversationWithTwoTurns();
    const read = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/conversations/${cId}`, { key });
    const all = await collectSse(path(cId), { key, stop: (f) => f.length >= 3 });
    expect(read.body.conversation.lastEventId).toBe(all.frames[2]!.eventId);
    await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/messages`, { key, body: { content: 'third', mentions: [], context } });
    const next = await collectSse(`${path(cId, 'private')}?lastEventId=${read.body.conversation.lastEventId}`, { key, stop: (f) => f.length >= 1 });
    expect(next.frames.map((f) => [f.data.type, f.data.message?.content])).toEqual([['user_message_new', 'third']]);
    // Every read says where it stands: the public family's too, and a page of the messages.
    const again = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}?limit=1`, { key });
    expect(again.body.conversation.lastEventId).toBe(next.frames[0]!.eventId);
  });

  it('a message heard on the stream is found at once by its own routes, though the stream runs ahead of the read models', async () => {
    const cId = await conversationWithTwoTurns();
    const read = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/conversations/${cId}`, { key });
    const rounds = 25;
    const lookups: Promise<[string, number]>[] = [];
    const asked = new Set<string>();
    // Each message is asked for the moment its frame is parsed, as a client that follows the stream does.
    const heard = collectSse(`${path(cId)}?lastEventId=${read.body.conversation.lastEventId}`, {
      key,
      timeoutMs: 30_000,
      stop: (frames) => {
        for (const frame of frames) {
          const mId: string | undefined = frame.data?.messageId;
          if (mId === undefined || asked.has(mId)) continue;
          asked.add(mId);
          const url = `${t.baseUrl}/api/v1/w/${workspaceId}/assistant/conversations/${cId}/messages/${mId}`;
          lookups.push(fetch(url, { headers: { authorization: `Bearer ${key}` } }).then((answer) => [frame.data.type, answer.status]));
        }
        return lookups.length >= rounds * 2;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let round = 0; round < rounds; round += 1) {
      await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/messages`, { key, body: { content: `round ${round}`, mentions: [{ configurationId: 'dust' }], context } });
    }
    await heard;
    const answers = await Promise.all(lookups);
    expect(answers).toHaveLength(rounds * 2);
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
  });

  it('emits agent_message_done and conversation_title, and resumes across a server restart', async () => {
    const cId = await conversationWithTwoTurns();
    const before = await collectSse(path(cId), { key, stop: (f) => f.length >= 3 });
    const agentMessageId = before.frames[1]!.data.messageId;
    await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/cancel`, { key, body: { messageIds: [agentMessageId] } });
    await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/assistant/conversations/${cId}`, { key, body: { title: 'Named' } });

    const dataDir = t.dataDir;
    await t.app.close();
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' }, dataDir);
    const after = await collectSse(path(cId), { key, headers: { 'last-event-id': before.frames[2]!.eventId! }, stop: (f) => f.length >= 2 });
    const types = after.frames.map((f) => f.data.type);
    expect(types).toContain('conversation_title');
    expect(types).toContain('agent_generation_cancelled');
    expect(after.frames.find((f) => f.data.type === 'conversation_title')!.data.title).toBe('Named');
    for (const frame of after.frames) expect(Number(frame.eventId)).toBeGreaterThan(Number(before.frames[2]!.eventId));
  });

  it('answers 404 before streaming for an unknown conversation and 400 for a bad lastEventId', async () => {
    await expect(collectSse(path('NoSuchConv'), { key })).rejects.toThrow(/SSE 404.*conversation_not_found/);
    const cId = await conversationWithTwoTurns();
    await expect(collectSse(`${path(cId)}?lastEventId=abc`, { key })).rejects.toThrow(/SSE 400.*invalid_request_error/);
  });
});
