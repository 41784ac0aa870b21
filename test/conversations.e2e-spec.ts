import { call, startTestApp, type TestApp } from './support/test-app';

const context = { username: 'ada', timezone: 'Europe/Paris', origin: 'api' };

describe('conversations over HTTP', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let userKey: string;
  const v1 = (path: string) => `/api/v1/w/${workspaceId}/assistant/conversations${path}`;
  const priv = (path: string) => `/api/w/${workspaceId}/assistant/conversations${path}`;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace());
    userKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
  });
  afterAll(() => t.close());

  it('creates an empty conversation from an empty body', async () => {
    const res = await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.conversation).toMatchObject({ sId: expect.stringMatching(/^[A-Za-z0-9]{10}$/), visibility: 'unlisted', depth: 0, content: [], title: null });
    expect(res.body.conversation.owner.sId).toBe(workspaceId);
    expect(res.body.message).toBeUndefined();
    expect(res.body.contentFragments).toEqual([]);
  });

  it('creates with a message mentioning an agent: the answer already holds the created agent message', async () => {
    const res = await call(t.baseUrl, 'POST', v1(''), {
      key: adminKey,
      body: {
        title: 'Hello',
        visibility: 'workspace',
        message: { content: 'Hi @dust', mentions: [{ configurationId: 'dust' }], context },
        contentFragments: [{ title: 'notes.txt', content: 'some notes', contentType: 'text/plain' }],
      },
    });
    expect(res.status).toBe(200);
    const { conversation, message, contentFragments } = res.body;
    expect(conversation.title).toBe('Hello');
    expect(conversation.visibility).toBe('unlisted');
    expect(contentFragments).toHaveLength(1);
    expect(contentFragments[0]).toMatchObject({ type: 'content_fragment', title: 'notes.txt', contentType: 'text/plain', contentFragmentVersion: 'latest' });
    expect(message).toMatchObject({ type: 'user_message', content: 'Hi @dust', version: 0, rank: 1, branchId: null, visibility: 'visible', user: null });
    expect(message.context).toMatchObject({ username: 'ada', timezone: 'Europe/Paris', origin: 'api' });
    expect(conversation.content.map((versions: any[]) => versions[0].type)).toEqual(['content_fragment', 'user_message', 'agent_message']);
    const agent = conversation.content[2][0];
    expect(agent).toMatchObject({ status: 'created', parentMessageId: message.sId, rank: 2, version: 0, configuration: { sId: 'dust' }, branchId: null });
  });

  it('uses the key user for the private family when context.username is absent, and requires it on the public one', async () => {
    const priv1 = await call(t.baseUrl, 'POST', priv(''), { key: userKey, body: { message: { content: 'private hello', mentions: [], context: { timezone: 'UTC' } } } });
    expect(priv1.status).toBe(200);
    expect(priv1.body.message.context.username).toBe('ada');
    expect(priv1.body.message.user).toMatchObject({ username: 'ada', email: 'ada@example.com' });
    const pub = await call(t.baseUrl, 'POST', v1(''), { key: userKey, body: { message: { content: 'x', mentions: [], context: { timezone: 'UTC' } } } });
    expect(pub.status).toBe(400);
    expect(pub.body.error).toEqual({ type: 'invalid_request_error', message: 'The context.username field is required.' });
  });

  it('posts messages: validation, unknown agents write nothing, empty mentions trigger no agent', async () => {
    const created = await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: {} });
    const cId = created.body.conversation.sId;
    const bad = [
      { content: '', mentions: [], context },
      { content: '   ', mentions: [], context },
      { content: 'x', mentions: [], context: { ...context, timezone: 'Mars/Olympus' } },
      { content: 'x', mentions: [], context: { ...context, origin: 'carrier-pigeon' } },
      { content: 'x', mentions: 'dust', context },
      { content: 'x'.repeat(300_000), mentions: [], context },
      { content: 'x', mentions: [], context: { ...context, username: 'u'.repeat(300) } },
    ];
    for (const body of bad) {
      const res = await call(t.baseUrl, 'POST', v1(`/${cId}/messages`), { key: adminKey, body });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
    }
    const unknown = await call(t.baseUrl, 'POST', v1(`/${cId}/messages`), { key: adminKey, body: { content: 'x', mentions: [{ configurationId: 'nope' }], context } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.type).toBe('agent_configuration_not_found');

    const none = await call(t.baseUrl, 'POST', v1(`/${cId}/messages`), { key: adminKey, body: { content: 'no agent', mentions: [], context } });
    expect(none.status).toBe(200);
    expect(none.body.agentMessages).toEqual([]);
    expect(none.body.message.rank).toBe(0);

    const get = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key: adminKey });
    expect(get.body.conversation.content).toHaveLength(1);
  });

  it('validates modelSelection: malformed or unknown effort → 400, unknown model → model_disabled', async () => {
    const cId = (await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: {} })).body.conversation.sId;
    const post = (modelSelection: unknown) =>
      call(t.baseUrl, 'POST', v1(`/${cId}/messages`), { key: adminKey, body: { content: 'x', mentions: [{ configurationId: 'dust' }], context, modelSelection } });
    for (const selection of ['gpt', { providerId: 'openai' }, { providerId: 1, modelId: 'gpt-4.1' }, { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'extreme' }]) {
      const res = await post(selection);
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
    }
    const disabled = await post({ providerId: 'openai', modelId: 'gpt-4.1' });
    expect(disabled.status).toBe(400);
    expect(disabled.body.error.type).toBe('model_disabled');
    const get = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key: adminKey });
    expect(get.body.conversation.content).toEqual([]);
  });

  it('edits, cancels and retries with versions in the same rank', async () => {
    const created = await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: { message: { content: 'v0', mentions: [{ configurationId: 'dust' }], context } } });
    const cId = created.body.conversation.sId;
    const userMessageId = created.body.message.sId;
    const agentMessageId = created.body.conversation.content[1][0].sId;

    const edited = await call(t.baseUrl, 'POST', v1(`/${cId}/messages/${userMessageId}/edit`), { key: adminKey, body: { content: 'v1', mentions: [{ configurationId: 'dust' }] } });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({ content: 'v1', version: 1, rank: 0 });
    expect(edited.body.agentMessages).toHaveLength(1);
    expect(edited.body.agentMessages[0]).toMatchObject({ rank: 2, parentMessageId: edited.body.message.sId, status: 'created' });

    const cancel = await call(t.baseUrl, 'POST', v1(`/${cId}/cancel`), { key: adminKey, body: { messageIds: [agentMessageId] } });
    expect(cancel.body).toEqual({ success: true });
    const retried = await call(t.baseUrl, 'POST', v1(`/${cId}/messages/${agentMessageId}/retry`), { key: adminKey });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toMatchObject({ type: 'agent_message', version: 1, rank: 1, status: 'created' });

    const conversation = (await call(t.baseUrl, 'GET', v1(`/${cId}`), { key: adminKey })).body.conversation;
    expect(conversation.content.map((versions: any[]) => versions.map((m) => [m.type, m.version]))).toEqual([
      [['user_message', 0], ['user_message', 1]],
      [['agent_message', 0], ['agent_message', 1]],
      [['agent_message', 0]],
    ]);
    expect(conversation.content[1][0].status).toBe('cancelled');
    const retryUser = await call(t.baseUrl, 'POST', v1(`/${cId}/messages/${userMessageId}/retry`), { key: adminKey });
    expect(retryUser.status).toBe(400);
    const editAgent = await call(t.baseUrl, 'POST', v1(`/${cId}/messages/${agentMessageId}/edit`), { key: adminKey, body: { content: 'x', mentions: [] } });
    expect(editAgent.status).toBe(400);
  });

  it('keeps ranks dense and unique under 40 concurrent posts', async () => {
    const cId = (await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: {} })).body.conversation.sId;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(t.baseUrl, 'POST', v1(`/${cId}/messages`), { key: adminKey, body: { content: `m${i}`, mentions: [], context } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
    const ranks = results.map((r) => r.body.message.rank).sort((a, b) => a - b);
    expect(ranks).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const conversation = (await call(t.baseUrl, 'GET', v1(`/${cId}`), { key: adminKey })).body.conversation;
    expect(conversation.content).toHaveLength(40);
  });

  it('marks read and unread per user, renames, and deletes (404 afterwards, also across workspaces)', async () => {
    const created = await call(t.baseUrl, 'POST', priv(''), { key: userKey, body: { message: { content: 'hey', mentions: [], context: { timezone: 'UTC' } } } });
    const cId = created.body.conversation.sId;
    let listed = (await call(t.baseUrl, 'GET', v1(''), { key: userKey })).body.conversations.find((c: any) => c.sId === cId);
    expect(listed.unread).toBe(false);
    expect((await call(t.baseUrl, 'PATCH', v1(`/${cId}`), { key: userKey, body: { read: false } })).body).toEqual({ success: true });
    listed = (await call(t.baseUrl, 'GET', v1(''), { key: userKey })).body.conversations.find((c: any) => c.sId === cId);
    expect(listed.unread).toBe(true);
    await call(t.baseUrl, 'PATCH', v1(`/${cId}`), { key: userKey, body: { read: true } });
    listed = (await call(t.baseUrl, 'GET', v1(''), { key: userKey })).body.conversations.find((c: any) => c.sId === cId);
    expect(listed.unread).toBe(false);
    expect(listed.lastReadMs).toEqual(expect.any(Number));

    expect((await call(t.baseUrl, 'PATCH', v1(`/${cId}`), { key: userKey, body: { title: 'nope' } })).status).toBe(400);
    expect((await call(t.baseUrl, 'PATCH', priv(`/${cId}`), { key: userKey, body: { title: 'Renamed' } })).status).toBe(200);
    expect((await call(t.baseUrl, 'GET', priv(`/${cId}`), { key: userKey })).body.conversation.title).toBe('Renamed');

    const other = await t.createWorkspace('Other');
    const foreign = await call(t.baseUrl, 'GET', `/api/v1/w/${other.workspaceId}/assistant/conversations/${cId}`, { key: other.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.type).toBe('conversation_not_found');

    const deleted = await call(t.baseUrl, 'DELETE', priv(`/${cId}`), { key: userKey });
    expect(deleted.status).toBe(200);
    const gone = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key: userKey });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { type: 'conversation_not_found', message: 'Conversation not found.' } });
    expect((await call(t.baseUrl, 'GET', v1(''), { key: userKey })).body.conversations.map((c: any) => c.sId)).not.toContain(cId);
  });

  it('lists a user key its own conversations and an admin key all, with paging', async () => {
    const other = await t.createKey(workspaceId, 'user', 'bob@example.com');
    const bobs = await call(t.baseUrl, 'POST', v1(''), { key: other, body: { message: { content: 'bob here', mentions: [], context: { ...context, username: 'bob' } } } });
    const mine = (await call(t.baseUrl, 'GET', v1(''), { key: userKey })).body.conversations.map((c: any) => c.sId);
    expect(mine).not.toContain(bobs.body.conversation.sId);
    const all = (await call(t.baseUrl, 'GET', v1(''), { key: adminKey })).body;
    expect(all.conversations.map((c: any) => c.sId)).toContain(bobs.body.conversation.sId);
    const page1 = (await call(t.baseUrl, 'GET', v1('?limit=2'), { key: adminKey })).body;
    const page2 = (await call(t.baseUrl, 'GET', v1('?limit=2&offset=2'), { key: adminKey })).body;
    expect(page1.conversations).toHaveLength(2);
    expect(page1.hasMore).toBe(true);
    expect(page2.conversations[0].sId).not.toBe(page1.conversations[0].sId);
    expect(page1.conversations[0].updated).toBeGreaterThanOrEqual(page1.conversations[1].updated);
    const builderNoUser = await t.createKey(workspaceId, 'builder');
    expect((await call(t.baseUrl, 'GET', v1(''), { key: builderNoUser })).status).toBe(401);
  });

  it('adds and removes reactions, gives and removes feedback', async () => {
    const created = await call(t.baseUrl, 'POST', priv(''), { key: userKey, body: { message: { content: 'react', mentions: [{ configurationId: 'dust' }], context: { timezone: 'UTC' } } } });
    const cId = created.body.conversation.sId;
    const mId = created.body.message.sId;
    const agentId = created.body.conversation.content[1][0].sId;
    expect((await call(t.baseUrl, 'POST', priv(`/${cId}/messages/${mId}/reactions`), { key: userKey, body: { reaction: '👍' } })).status).toBe(200);
    let msg = (await call(t.baseUrl, 'GET', priv(`/${cId}`), { key: userKey })).body.conversation.content[0][0];
    expect(msg.reactions).toEqual([{ emoji: '👍', users: [expect.objectContaining({ username: 'ada' })] }]);
    await call(t.baseUrl, 'DELETE', priv(`/${cId}/messages/${mId}/reactions`), { key: userKey, body: { reaction: '👍' } });
    msg = (await call(t.baseUrl, 'GET', priv(`/${cId}`), { key: userKey })).body.conversation.content[0][0];
    expect(msg.reactions).toEqual([]);

    const fb = await call(t.baseUrl, 'POST', v1(`/${cId}/messages/${agentId}/feedbacks`), { key: userKey, body: { thumbDirection: 'up', feedbackContent: 'great' } });
    expect(fb.body).toEqual({ success: true });
    const list = await call(t.baseUrl, 'GET', v1(`/${cId}/feedbacks`), { key: userKey });
    expect(list.body.feedbacks).toEqual([expect.objectContaining({ messageId: agentId, thumbDirection: 'up', content: 'great' })]);
    expect((await call(t.baseUrl, 'POST', v1(`/${cId}/messages/${agentId}/feedbacks`), { key: adminKey, body: { thumbDirection: 'up' } })).status).toBe(401);
    expect((await call(t.baseUrl, 'DELETE', v1(`/${cId}/messages/${agentId}/feedbacks`), { key: userKey })).body).toEqual({ success: true });
    expect((await call(t.baseUrl, 'DELETE', v1(`/${cId}/messages/${agentId}/feedbacks`), { key: userKey })).status).toBe(400);
  });

  it('refuses to start an agent whose model the workspace does not allow, writing nothing', async () => {
    const restricted = await t.createWorkspace('Restricted');
    const allow = await call(t.baseUrl, 'POST', `/api/w/${restricted.workspaceId}`, {
      key: restricted.apiKey,
      body: { whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null },
    });
    expect(allow.status).toBe(200);
    const base = `/api/v1/w/${restricted.workspaceId}/assistant/conversations`;
    const cId = (await call(t.baseUrl, 'POST', base, { key: restricted.apiKey, body: {} })).body.conversation.sId;
    const res = await call(t.baseUrl, 'POST', `${base}/${cId}/messages`, { key: restricted.apiKey, body: { content: 'hi', mentions: [{ configurationId: 'dust' }], context } });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('model_disabled');
    expect(res.body.error.message).toContain('disabled_by_admin');
    expect((await call(t.baseUrl, 'GET', `${base}/${cId}`, { key: restricted.apiKey })).body.conversation.content).toEqual([]);
  });

  it('rejects depth 4 and fragments pointing at files that do not exist', async () => {
    const deep = await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: { depth: 4 } });
    expect(deep.status).toBe(400);
    const file = await call(t.baseUrl, 'POST', v1(''), { key: adminKey, body: { contentFragment: { title: 'f', fileId: 'fil_missing' } } });
    expect(file.status).toBe(404);
    expect(file.body.error.type).toBe('file_not_found');
  });
});
