import { AgentApi, openAIEnv, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { call, startTestApp } from './support/test-app';

// Time travel: `?at=<epoch ms>` reads a conversation (or one message) as it stood then, folded from
// the event log, and matches what the read model answered at that moment.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('time travel', () => {
  let api: AgentApi;
  beforeAll(async () => {
    const t = await startTestApp(openAIEnv(openAI.server));
    const { workspaceId } = await t.createWorkspace('Acme');
    // A member's key: reactions need a user.
    api = new AgentApi(t, workspaceId, await t.createKey(workspaceId, 'user', 'ada@example.com'));
  });
  afterAll(() => api.t.close());

  const privatePath = (suffix = ''): string => `/api/w/${api.workspaceId}/assistant/conversations${suffix}`;
  const get = (path: string) => call(api.t.baseUrl, 'GET', path, { key: api.key });
  /** What the read model answers now, and the instant just after it answered. */
  const readModelNow = async (conversationId: string): Promise<{ at: number; conversation: any }> => {
    const response = await get(privatePath(`/${conversationId}`));
    return { at: Date.now(), conversation: response.body.conversation };
  };
  const readAt = async (conversationId: string, at: number, family: 'private' | 'public' = 'private'): Promise<any> => {
    const path = family === 'private' ? privatePath(`/${conversationId}?at=${at}`) : api.path(`/${conversationId}?at=${at}`);
    const response = await get(path);
    expect(response.status).toBe(200);
    return response.body.conversation;
  };

  it('shows the conversation at several instants as the read model showed it, mid-stream answers as far as they had streamed', async () => {
    const beforeCreation = Date.now() - 1;
    openAI.server.enqueue(textScenario(['Once ', 'upon ', 'a ', 'time ', 'there ', 'was ', 'a ', 'log.'], 150));
    const { conversationId, agentMessageId, userMessageId } = await api.createConversation('Tell me a story.', { title: 'Stories' });

    // Mid-stream: the conversation's own events are still (no event is written while tokens stream).
    await sleep(600);
    const midStream = await readModelNow(conversationId);
    await sleep(1);
    const final = await api.settled(conversationId, agentMessageId);
    expect(final.content).toBe('Once upon a time there was a log.');
    const answered = await readModelNow(conversationId);
    await sleep(2);

    const react = await call(api.t.baseUrl, 'POST', privatePath(`/${conversationId}/messages/${userMessageId}/reactions`), {
      key: api.key,
      body: { reaction: 'heart' },
    });
    expect(react.status).toBe(200);
    await call(api.t.baseUrl, 'PATCH', privatePath(`/${conversationId}`), { key: api.key, body: { title: 'Log stories' } });
    openAI.server.enqueue(textScenario(['The end.']));
    const second = await api.postMessage(conversationId, 'And then?');
    await api.settled(conversationId, second.agentMessageId);
    const later = await readModelNow(conversationId);

    expect((await get(privatePath(`/${conversationId}?at=${beforeCreation}`))).status).toBe(404);

    expect(await readAt(conversationId, answered.at)).toEqual(answered.conversation);
    expect(await readAt(conversationId, later.at)).toEqual(later.conversation);
    expect(later.conversation.title).toBe('Log stories');
    expect((await readAt(conversationId, answered.at)).title).toBe('Stories');

    const past = await readAt(conversationId, midStream.at);
    const streaming = past.content[1][0];
    expect(streaming.status).toBe('created');
    expect(streaming.content.length).toBeGreaterThan(0);
    expect(final.content.startsWith(streaming.content)).toBe(true);
    expect(streaming.content).not.toBe(final.content);
    // Everything else is what the read model answered at that moment.
    const withoutStreamed = (conversation: any) => ({
      ...conversation,
      content: conversation.content.map((versions: any[]) => versions.map((m: any) => (m.sId === agentMessageId ? { ...m, content: null } : m))),
    });
    expect(withoutStreamed(past)).toEqual(withoutStreamed(midStream.conversation));

    // The public family too, and one page of it.
    expect(await readAt(conversationId, later.at, 'public')).toEqual((await api.conversation(conversationId)) ?? null);
    const page = await get(api.path(`/${conversationId}?at=${answered.at}&limit=1`));
    expect(page.body).toMatchObject({ hasMore: true, lastValue: '1' });
    expect(page.body.conversation.content).toEqual([answered.conversation.content[1]]);
  });

  it('shows one agent message at an instant, mid-stream included, and now without `at`', async () => {
    openAI.server.enqueue(textScenario(['alpha ', 'beta ', 'gamma ', 'delta ', 'epsilon'], 150));
    const { conversationId, agentMessageId } = await api.createConversation('Greek letters?');
    await sleep(450);
    const midStream = Date.now();
    const final = await api.settled(conversationId, agentMessageId);
    const done = Date.now();

    const messagePath = (suffix: string) => api.path(`/${conversationId}/messages/${agentMessageId}${suffix}`);
    const then = (await get(messagePath(`?at=${midStream}`))).body.message;
    expect(then.status).toBe('created');
    expect(final.content.startsWith(then.content)).toBe(true);
    expect(then.content.length).toBeLessThan(final.content.length);
    expect((await get(messagePath(`?at=${done}`))).body.message).toEqual(final);
    expect((await get(messagePath(''))).body.message).toEqual(final);
    expect((await get(messagePath(`?at=${midStream - 60_000}`))).status).toBe(404);
    expect((await get(api.path(`/${conversationId}/messages/nosuchmsg1?at=${done}`))).status).toBe(404);
    expect((await get(messagePath('?at=yesterday'))).status).toBe(400);
  });
});
