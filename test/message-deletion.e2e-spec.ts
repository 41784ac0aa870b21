import { AgentApi, CONTEXT, openAIEnv, sentText, textScenario } from './support/agent-run-helpers';
import { collectSse } from './support/sse-client';
import { useFakeOpenAI } from './support/use-fake-openai';
import { call } from './support/test-app';

// Deleting a user message (spec part 3, message visibility `deleted`): its author or an admin, in
// the private family as in the real service; both families then show it deleted, with its answers,
// and no later prompt carries it.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

describe('deleting a user message', () => {
  let api: AgentApi;
  let adaKey: string;
  let bobKey: string;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server));
    adaKey = await api.t.createKey(api.workspaceId, 'user', 'ada@example.com');
    bobKey = await api.t.createKey(api.workspaceId, 'user', 'bob@example.com');
  });
  afterAll(() => api.t.close());

  const v1 = (suffix: string): string => `/api/v1/w/${api.workspaceId}/assistant/conversations${suffix}`;
  const priv = (suffix: string): string => `/api/w/${api.workspaceId}/assistant/conversations${suffix}`;
  const remove = (key: string, cId: string, mId: string) => call(api.t.baseUrl, 'DELETE', priv(`/${cId}/messages/${mId}`), { key });
  const post = async (key: string, path: string, body: unknown): Promise<any> => {
    const res = await call(api.t.baseUrl, 'POST', path, { key, body });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const messagesOf = async (path: string): Promise<any[]> =>
    (await call(api.t.baseUrl, 'GET', path, { key: adaKey })).body.conversation.content.flat();

  it('lets the author delete it: shown deleted in both families with its answer and its attachment, and never sent to the model again', async () => {
    openAI.server.enqueue(textScenario(['Noted, your code is 4711.']));
    const created = await post(adaKey, v1(''), {
      title: 'Secrets',
      message: { content: 'My door code is 4711.', mentions: [{ configurationId: 'dust' }], context: CONTEXT },
      contentFragments: [{ title: 'garage.txt', content: 'The garage code is 9044.', contentType: 'text/plain' }],
    });
    const cId: string = created.conversation.sId;
    const mId: string = created.message.sId;
    const fragmentId: string = created.conversation.content[0][0].sId;
    const answerId: string = created.conversation.content[2][0].sId;
    expect((await api.settled(cId, answerId)).status).toBe('succeeded');

    const deleted = await remove(adaKey, cId, mId);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    for (const path of [v1(`/${cId}`), priv(`/${cId}`)]) {
      const messages = await messagesOf(path);
      expect(messages.find((m) => m.sId === mId)).toMatchObject({ visibility: 'deleted', content: 'deleted', mentions: [] });
      expect(messages.find((m) => m.sId === answerId)).toMatchObject({ visibility: 'deleted', status: 'succeeded', content: null });
      expect(messages.find((m) => m.sId === fragmentId)).toMatchObject({ type: 'content_fragment', visibility: 'deleted' });
    }
    const one = await call(api.t.baseUrl, 'GET', priv(`/${cId}/messages/${mId}`), { key: adaKey });
    expect(one.body.message).toMatchObject({ sId: mId, visibility: 'deleted' });
    // A repeat changes nothing and still succeeds.
    expect((await remove(adaKey, cId, mId)).body).toEqual({ success: true });

    openAI.server.enqueue(textScenario(['I know nothing of it.']));
    const next = await post(adaKey, v1(`/${cId}/messages`), { content: 'What did I tell you?', mentions: [{ configurationId: 'dust' }], context: CONTEXT });
    expect((await api.settled(cId, next.agentMessages[0].sId)).status).toBe('succeeded');
    const prompt = sentText(openAI.server.requests.at(-1)!.body);
    expect(prompt).toContain('What did I tell you?');
    expect(prompt).not.toContain('4711');
    expect(prompt).not.toContain('9044');
  });

  it('refuses another member, lets an admin delete it, and knows only user messages', async () => {
    const created = await post(adaKey, priv(''), { title: 'Mine', message: { content: 'Only mine', mentions: [], context: CONTEXT } });
    const cId: string = created.conversation.sId;
    const mId: string = created.message.sId;

    const refused = await remove(bobKey, cId, mId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ type: 'message_deletion_not_authorized', message: 'You are not authorized to delete this message.' });
    expect((await messagesOf(priv(`/${cId}`)))[0]).toMatchObject({ visibility: 'visible', content: 'Only mine' });

    expect((await remove(api.key, cId, mId)).status).toBe(200);
    expect((await messagesOf(priv(`/${cId}`)))[0]).toMatchObject({ visibility: 'deleted' });

    expect((await remove(adaKey, cId, 'nosuchmsg1')).body.error.type).toBe('message_not_found');
    expect((await remove(adaKey, 'nosuchconv', mId)).body.error.type).toBe('conversation_not_found');
    const fragment = await post(adaKey, v1(`/${cId}/content_fragments`), { title: 'notes.txt', content: 'x', contentType: 'text/plain', context: CONTEXT });
    const notUser = await remove(adaKey, cId, fragment.contentFragment.sId);
    expect(notUser.status).toBe(400);
    expect(notUser.body.error.message).toBe('Only user messages can be deleted.');
  });

  it("tells the conversation's stream, as the real service does, and refuses to edit or retry what was deleted", async () => {
    openAI.server.enqueue(textScenario(['Done.']));
    const created = await post(adaKey, v1(''), { title: 'Stream', message: { content: 'Forget me', mentions: [{ configurationId: 'dust' }], context: CONTEXT } });
    const cId: string = created.conversation.sId;
    const mId: string = created.message.sId;
    const answerId: string = created.conversation.content[1][0].sId;
    expect((await api.settled(cId, answerId)).status).toBe('succeeded');
    const before = await collectSse(`${api.t.baseUrl}${v1(`/${cId}/events`)}`, { key: adaKey, stop: (f) => f.some((x) => x.data?.type === 'agent_message_done') });
    const lastEventId = before.frames.at(-1)!.eventId!;

    const live = collectSse(`${api.t.baseUrl}${priv(`/${cId}/events`)}`, { key: adaKey, headers: { 'last-event-id': lastEventId }, stop: (f) => f.length >= 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await remove(adaKey, cId, mId)).status).toBe(200);
    // The deleted versions again: the question as user_message_new, its answer as agent_message_new.
    expect((await live).frames.map((f) => f.data)).toEqual([
      expect.objectContaining({ type: 'user_message_new', messageId: mId, message: expect.objectContaining({ sId: mId, visibility: 'deleted', content: 'deleted' }) }),
      expect.objectContaining({
        type: 'agent_message_new',
        messageId: answerId,
        configurationId: 'dust',
        message: expect.objectContaining({ sId: answerId, visibility: 'deleted', content: null }),
      }),
    ]);

    const edit = await call(api.t.baseUrl, 'POST', v1(`/${cId}/messages/${mId}/edit`), { key: adaKey, body: { content: 'Back', mentions: [] } });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toEqual({ type: 'invalid_request_error', message: 'The message was deleted: it can no longer be edited.' });
    const retry = await call(api.t.baseUrl, 'POST', priv(`/${cId}/messages/${answerId}/retry`), { key: adaKey });
    expect(retry.status).toBe(400);
    expect(retry.body.error).toEqual({ type: 'invalid_request_error', message: 'The message was deleted: it can no longer be retried.' });
  });
});
