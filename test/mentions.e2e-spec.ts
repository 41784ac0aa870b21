import { assistant } from './support/agent-assistant-body';
import { memberId } from './support/members';
import { officialClient, unwrapResult } from './support/official-client';
import { collectSse, type ReceivedFrame } from './support/sse-client';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * Mentions through the official client and over HTTP: suggestions (ranked: favourites and recently
 * used first, prefix matches before matches inside a name; members included; for a conversation,
 * each with the status a posted message records), `@name` parsing, and the statuses a posted
 * message's rich mentions carry under the conversation's access rules.
 */
describe('mentions', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let annKey: string;
  let bobKey: string;
  let carlKey: string;
  let ann: string;
  let bob: string;
  let carl: string;
  let other: { workspaceId: string; apiKey: string };
  const agents: Record<string, string> = {};
  let financeViewId: string;
  let financeId: string;

  const w = () => `/api/v1/w/${workspaceId}`;
  const suggest = async (key: string, query: string, path = `${w()}/assistant/mentions/suggestions`) => {
    const res = await call(t.baseUrl, 'GET', `${path}?query=${encodeURIComponent(query)}`, { key });
    if (res.status !== 200) throw new Error(`suggest ${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.suggestions as { id: string; type: string; label: string; status?: string; userFavorite?: boolean }[];
  };
  const createAgent = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key: adminKey, body: { assistant: assistant({ name, ...extra }) } });
    if (res.status !== 200) throw new Error(`create agent ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    agents[name] = res.body.agentConfiguration.sId;
  };
  const post = async (key: string, conversationId: string, content: string, mentions: unknown[]) => {
    const res = await call(t.baseUrl, 'POST', `${w()}/assistant/conversations/${conversationId}/messages`, {
      key,
      body: { content, mentions, context: { username: 'someone', timezone: 'UTC' } },
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace('Main'));
    other = await t.createWorkspace('Other');
    annKey = await t.createKey(workspaceId, 'user', 'ann.lee@example.com');
    bobKey = await t.createKey(workspaceId, 'user', 'bob.hill@example.com');
    carlKey = await t.createKey(workspaceId, 'user', 'carl.shelby@example.com');
    [ann, bob, carl] = await Promise.all([annKey, bobKey, carlKey].map((key) => memberId(t.baseUrl, workspaceId, key)));

    const finance = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body: { name: 'Finance', isRestricted: true, memberIds: [ann] } });
    financeId = finance.body.space.sId;
    const ds = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${financeId}/data_sources`, { key: adminKey, body: { name: 'Ledgers' } });
    financeViewId = ds.body.dataSourceView.sId;

    await createAgent('helpdesk');
    await createAgent('shell-helper');
    await createAgent('bookshelf');
    await createAgent('zeta');
    await createAgent('ledger', { actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: financeViewId }] }] });
    await createAgent('budget', { requestedSpaceIds: [financeId] });
  });
  afterAll(() => t.close());

  it('suggests agents and members, prefix matches (of a name or a word) before matches inside a word', async () => {
    const labels = (await suggest(annKey, 'hel')).map((s) => s.label);
    expect(labels.indexOf('helpdesk')).toBeLessThan(labels.indexOf('bookshelf'));
    expect(labels.indexOf('shell-helper')).toBeLessThan(labels.indexOf('bookshelf'));
    expect(labels).not.toContain('zeta');
    const users = await suggest(annKey, 'bob');
    expect(users).toEqual([expect.objectContaining({ id: bob, type: 'user', description: expect.any(String) })]);
    // The caller is left out unless asked for.
    expect((await suggest(annKey, '')).some((s) => s.id === ann)).toBe(false);
    const withMe = await call(t.baseUrl, 'GET', `${w()}/assistant/mentions/suggestions?query=&select=users&current=true`, { key: annKey });
    expect(withMe.body.suggestions.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([ann, bob, carl]));
    expect(withMe.body.suggestions.every((s: { type: string }) => s.type === 'user')).toBe(true);
  });

  it("puts the caller's favourites and recently used agents first", async () => {
    const favorite = await call(t.baseUrl, 'PATCH', `${w()}/assistant/agent_configurations/${agents.bookshelf}`, { key: annKey, body: { userFavorite: true } });
    expect(favorite.status).toBe(200);
    const ranked = await suggest(annKey, 'hel');
    expect(ranked[0]).toMatchObject({ id: agents.bookshelf, userFavorite: true });
    // zeta answers one of Bob's messages: it comes first for Bob, not for Ann.
    const created = await call(t.baseUrl, 'POST', `${w()}/assistant/conversations`, {
      key: bobKey,
      body: { title: 'Recent', message: { content: 'Hi @zeta', mentions: [{ configurationId: agents.zeta }], context: { username: 'bob', timezone: 'UTC' } } },
    });
    expect(created.status).toBe(200);
    const forBob = await suggest(bobKey, '');
    expect(forBob[0].id).toBe(agents.zeta);
    expect((await suggest(annKey, ''))[0].id).not.toBe(agents.zeta);
  });

  it('through the official client: workspace-wide and for a conversation, with the statuses a posted message records', async () => {
    const client = officialClient(t.baseUrl, workspaceId, annKey);
    const all = unwrapResult(await client.getMentionsSuggestions({ query: 'led', select: ['agents'] }));
    expect(all.map((s) => s.id)).toEqual([agents.ledger]);

    const conv = await call(t.baseUrl, 'POST', `${w()}/assistant/conversations`, {
      key: annKey,
      body: { title: 'Numbers', message: { content: 'Hello', mentions: [], context: { username: 'ann', timezone: 'UTC' } } },
    });
    const cId: string = conv.body.conversation.sId;
    const statusOf = async (id: string) => (await suggest(annKey, '', `${w()}/assistant/conversations/${cId}/mentions/suggestions`)).find((s) => s.id === id)?.status;
    const scoped = unwrapResult(await client.getMentionsSuggestions({ query: 'ledger', conversationId: cId }));
    expect(scoped.map((s) => s.id)).toEqual([agents.ledger]);
    // Only Ann takes part, and she may use Finance: the agent reading it is approved; Bob does not take part yet.
    expect(await statusOf(agents.ledger)).toBe('approved');
    expect(await statusOf(bob)).toBe('pending_conversation_access');

    const first = await post(annKey, cId, 'Hi @bob', [{ type: 'user', userId: bob }]);
    expect(first.message.richMentions).toEqual([expect.objectContaining({ id: bob, type: 'user', status: 'pending_conversation_access', dismissed: false })]);

    // Bob joins: an agent whose data lives in Finance would show him what he may not see.
    await post(bobKey, cId, 'Here I am', []);
    expect(await statusOf(agents.ledger)).toBe('agent_restricted_by_space_usage');
    expect(await statusOf(agents.budget)).toBe('agent_restricted_by_space_usage');
    expect(await statusOf(agents.helpdesk)).toBe('approved');
    expect(await statusOf(bob)).toBe('approved');
    expect(await statusOf(carl)).toBe('pending_conversation_access');

    const restricted = await post(annKey, cId, 'Sum it up @ledger and @helpdesk', [{ configurationId: agents.ledger }, { configurationId: agents.helpdesk }]);
    expect(restricted.message.richMentions.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([
      [agents.ledger, 'agent_restricted_by_space_usage'],
      [agents.helpdesk, 'approved'],
    ]);
    // The restricted agent does not answer; the other one does.
    expect(restricted.agentMessages.map((m: { configuration: { sId: string } }) => m.configuration.sId)).toEqual([agents.helpdesk]);
    const read = await call(t.baseUrl, 'GET', `${w()}/assistant/conversations/${cId}`, { key: annKey });
    const stored = read.body.conversation.content.flat().find((m: { sId: string }) => m.sId === restricted.message.sId);
    expect(stored.richMentions[0].status).toBe('agent_restricted_by_space_usage');
  });

  it('gives a member kept out of a space the conversation uses user_restricted_by_conversation_access', async () => {
    // A conversation started with budget uses Finance (its requestedSpaceIds), which Bob may not see.
    const conv = await call(t.baseUrl, 'POST', `${w()}/assistant/conversations`, {
      key: annKey,
      body: { title: 'Budget', message: { content: '@budget hi', mentions: [{ configurationId: agents.budget }], context: { username: 'ann', timezone: 'UTC' } } },
    });
    expect(conv.status).toBe(200);
    const cId: string = conv.body.conversation.sId;
    const scoped = await suggest(annKey, 'bob', `${w()}/assistant/conversations/${cId}/mentions/suggestions`);
    expect(scoped).toEqual([expect.objectContaining({ id: bob, status: 'user_restricted_by_conversation_access' })]);
    const posted = await post(annKey, cId, 'cc @bob', [{ type: 'user', userId: bob }]);
    expect(posted.message.richMentions[0]).toMatchObject({ id: bob, status: 'user_restricted_by_conversation_access' });
  });

  describe('on a new conversation, an edit, and a dismissal', () => {
    const create = async (key: string, content: string, mentions: unknown[], extra: Record<string, unknown> = {}) => {
      const res = await call(t.baseUrl, 'POST', `${w()}/assistant/conversations`, {
        key,
        body: { title: 'New', ...extra, message: { content, mentions, context: { username: 'someone', timezone: 'UTC' } } },
      });
      expect(res.status).toBe(200);
      return res.body;
    };
    const statusOf = (message: { richMentions: { id: string; status: string }[] }, id: string) => message.richMentions.find((m) => m.id === id)?.status;
    const storedMessage = async (key: string, cId: string, mId: string) => {
      const read = await call(t.baseUrl, 'GET', `${w()}/assistant/conversations/${cId}`, { key });
      return read.body.conversation.content.flat().find((m: { sId: string }) => m.sId === mId);
    };
    const act = (key: string, cId: string, mId: string, body: Record<string, unknown>) =>
      call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations/${cId}/messages/${mId}/mentions`, { key, body });

    it('a conversation created with a message gives its mentions the statuses a later post would', async () => {
      // Bob does not take part in the new conversation yet; Ledger reads Finance, which Bob, its author, may not see.
      const created = await create(bobKey, 'Hi @carl, @ledger and @helpdesk', [{ type: 'user', userId: carl }, { configurationId: agents.ledger }, { configurationId: agents.helpdesk }]);
      expect([statusOf(created.message, carl), statusOf(created.message, agents.ledger), statusOf(created.message, agents.helpdesk)]).toEqual([
        'pending_conversation_access',
        'agent_restricted_by_space_usage',
        'approved',
      ]);
      // The restricted agent does not answer: only Helpdesk's message is in the new conversation.
      const answers = created.conversation.content.flat().filter((m: { type: string }) => m.type === 'agent_message');
      expect(answers.map((m: { configuration: { sId: string } }) => m.configuration.sId)).toEqual([agents.helpdesk]);
      expect(statusOf(await storedMessage(bobKey, created.conversation.sId, created.message.sId), carl)).toBe('pending_conversation_access');

      // In a project Carl is not a member of, he waits for the project's membership.
      const project = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body: { name: 'Ann only', isRestricted: true, memberIds: [ann], spaceKind: 'project' } });
      const inProject = await create(annKey, 'Hi @carl', [{ type: 'user', userId: carl }], { spaceId: project.body.space.sId });
      expect(statusOf(inProject.message, carl)).toBe('pending_project_membership');
      // A member of the project is let in at once, and takes part: the conversation is among theirs.
      const shared = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body: { name: 'Ann and Carl', isRestricted: true, memberIds: [ann, carl], spaceKind: 'project' } });
      const withCarl = await create(annKey, 'Hi @carl', [{ type: 'user', userId: carl }], { spaceId: shared.body.space.sId });
      expect(statusOf(withCarl.message, carl)).toBe('approved');
      const carlsList = await call(t.baseUrl, 'GET', `${w()}/assistant/conversations`, { key: carlKey });
      expect(carlsList.body.conversations.map((c: { sId: string }) => c.sId)).toContain(withCarl.conversation.sId);
    });

    it('an edit gives the mentions it adds their statuses, and starts no restricted agent', async () => {
      const created = await create(annKey, 'Hello', []);
      const cId: string = created.conversation.sId;
      await post(bobKey, cId, 'Here I am', []);
      const edited = await call(t.baseUrl, 'POST', `${w()}/assistant/conversations/${cId}/messages/${created.message.sId}/edit`, {
        key: annKey,
        body: { content: 'Hello @carl and @ledger', mentions: [{ type: 'user', userId: carl }, { configurationId: agents.ledger }] },
      });
      expect(edited.status).toBe(200);
      expect([statusOf(edited.body.message, carl), statusOf(edited.body.message, agents.ledger)]).toEqual(['pending_conversation_access', 'agent_restricted_by_space_usage']);
      expect(edited.body.agentMessages).toEqual([]);
      expect(statusOf(await storedMessage(annKey, cId, edited.body.message.sId), carl)).toBe('pending_conversation_access');
    });

    it('the author dismisses a restricted mention: its status stands, shown dismissed; nobody else may', async () => {
      const created = await create(annKey, 'Hello', []);
      const cId: string = created.conversation.sId;
      await post(bobKey, cId, 'Here I am', []);
      const posted = await post(annKey, cId, 'Sum it up @ledger', [{ configurationId: agents.ledger }]);
      const mId: string = posted.message.sId;
      expect(posted.message.richMentions[0]).toMatchObject({ id: agents.ledger, status: 'agent_restricted_by_space_usage', dismissed: false });

      const notTheirs = await act(bobKey, cId, mId, { type: 'agent', id: agents.ledger, action: 'dismissed' });
      expect([notTheirs.status, notTheirs.body.error]).toEqual([403, { type: 'invalid_request_error', message: 'User is not authorized to dismiss this mention' }]);
      expect((await storedMessage(annKey, cId, mId)).richMentions[0].dismissed).toBe(false);

      const dismissed = await act(annKey, cId, mId, { type: 'agent', id: agents.ledger, action: 'dismissed' });
      expect([dismissed.status, dismissed.body]).toEqual([200, { success: true }]);
      expect((await storedMessage(annKey, cId, mId)).richMentions[0]).toMatchObject({ id: agents.ledger, status: 'agent_restricted_by_space_usage', dismissed: true });
      // The stream sends the message again, as it now stands.
      const versionsOf = (frames: ReceivedFrame[]) => frames.filter((f) => f.data?.type === 'user_message_new' && f.data.messageId === mId);
      const stream = await collectSse(`${t.baseUrl}${w()}/assistant/conversations/${cId}/events`, { key: annKey, stop: (frames) => versionsOf(frames).length >= 2 });
      expect(versionsOf(stream.frames).map((f) => f.data.message.richMentions[0].dismissed)).toEqual([false, true]);

      // A mention that is not restricted is left as it is; an unknown member is not found.
      const pending = await post(annKey, cId, 'cc @carl', [{ type: 'user', userId: carl }]);
      expect((await act(annKey, cId, pending.message.sId, { type: 'user', id: carl, action: 'dismissed' })).status).toBe(200);
      expect((await storedMessage(annKey, cId, pending.message.sId)).richMentions[0]).toMatchObject({ status: 'pending_conversation_access', dismissed: false });
      const unknown = await act(annKey, cId, mId, { type: 'user', id: 'nosuchuser', action: 'dismissed' });
      expect([unknown.status, unknown.body.error?.type]).toEqual([404, 'user_not_found']);
    });
  });

  it('parses @name of agents into mentions (official client and HTTP)', async () => {
    const client = officialClient(t.baseUrl, workspaceId, annKey);
    const markdown = unwrapResult(await client.parseForMentions({ markdown: 'Ask @shell-helper, then @HELPDESK! not me@helpdesk or @helpdeskX' }));
    expect(markdown).toBe(
      `Ask :mention[shell-helper]{sId=${agents['shell-helper']}}, then :mention[helpdesk]{sId=${agents.helpdesk}}! not me@helpdesk or @helpdeskX`,
    );
    const privateFamily = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/mentions/parse`, { key: annKey, body: { markdown: '@zeta' } });
    expect(privateFamily.body).toEqual({ markdown: `:mention[zeta]{sId=${agents.zeta}}` });
  });

  it('refuses bad input in the error envelope', async () => {
    const answers = [
      await call(t.baseUrl, 'GET', `${w()}/assistant/mentions/suggestions?query=${'a'.repeat(257)}`, { key: annKey }),
      await call(t.baseUrl, 'GET', `${w()}/assistant/mentions/suggestions`, { key: annKey }),
      await call(t.baseUrl, 'GET', `${w()}/assistant/mentions/suggestions?query=a&select=robots`, { key: annKey }),
      await call(t.baseUrl, 'GET', `${w()}/assistant/mentions/suggestions?query=a&current=maybe`, { key: annKey }),
      await call(t.baseUrl, 'GET', `${w()}/assistant/conversations/nope/mentions/suggestions?query=a`, { key: annKey }),
      await call(t.baseUrl, 'POST', `${w()}/assistant/mentions/parse`, { key: annKey, body: {} }),
      await call(t.baseUrl, 'POST', `${w()}/assistant/mentions/parse`, { key: annKey, body: { markdown: 'x'.repeat(256 * 1024 + 1) } }),
    ];
    expect(answers.map((a) => [a.status, a.body.error?.type])).toEqual([
      [400, 'invalid_request_error'],
      [400, 'invalid_request_error'],
      [400, 'invalid_request_error'],
      [400, 'invalid_request_error'],
      [404, 'conversation_not_found'],
      [400, 'invalid_request_error'],
      [400, 'invalid_request_error'],
    ]);
    // Another workspace's conversation is not found from here.
    const elsewhere = await call(t.baseUrl, 'POST', `/api/v1/w/${other.workspaceId}/assistant/conversations`, {
      key: other.apiKey,
      body: { title: 'Theirs', message: { content: 'Hello', mentions: [], context: { username: 'x', timezone: 'UTC' } } },
    });
    const theirs = await call(t.baseUrl, 'GET', `${w()}/assistant/conversations/${elsewhere.body.conversation.sId}/mentions/suggestions?query=`, { key: annKey });
    expect([theirs.status, theirs.body.error?.type]).toEqual([404, 'conversation_not_found']);
  });
});
