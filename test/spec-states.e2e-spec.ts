import { until } from '@app/contracts/test/until';
import { assistant } from './support/agent-assistant-body';
import { AgentApi, CONTEXT, openAIEnv, textScenario } from './support/agent-run-helpers';
import { uploadFile } from './support/file-upload-helpers';
import { memberId } from './support/members';
import { steeredCopierModule, SteeredFileCopier } from './support/steered-file-copier';
import { call, startTestApp } from './support/test-app';
import { useFakeOpenAI } from './support/use-fake-openai';

// Every state value of spec part 3, each produced through the HTTP API and read back from it.

jest.setTimeout(90_000);

const openAI = useFakeOpenAI();

/** A model answer that takes a while: long enough to read the run (or the summary) still going. */
const slowly = (ms: number, text = 'Finally.') => ({ steps: [{ type: 'stall' as const, ms }, { type: 'text' as const, tokens: [text] }] });
/** A model that refuses the request outright. */
const refusal = { steps: [{ type: 'http-error' as const, status: 400, body: { error: { message: 'request refused', type: 'invalid_request_error' } } }] };

describe('every state of spec part 3, produced through the API', () => {
  const copier = new SteeredFileCopier();
  let api: AgentApi;
  let adaKey: string;
  let bobKey: string;
  let ada: string;
  let bob: string;
  /** A restricted space only Ada belongs to, with a data source view. */
  let vault: { spaceId: string; viewId: string; dataSourceId: string };

  beforeAll(async () => {
    const t = await startTestApp(openAIEnv(openAI.server), undefined, [steeredCopierModule(copier)]);
    const { workspaceId, apiKey } = await t.createWorkspace('States');
    api = new AgentApi(t, workspaceId, apiKey);
    adaKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
    bobKey = await t.createKey(workspaceId, 'user', 'bob@example.com');
    [ada, bob] = await Promise.all([adaKey, bobKey].map((key) => memberId(t.baseUrl, workspaceId, key)));
    const spaceId = (await ok('POST', w('/spaces'), { body: { name: 'Vault', isRestricted: true, memberIds: [ada] } })).space.sId;
    const source = await ok('POST', w(`/spaces/${spaceId}/data_sources`), { body: { name: 'Secrets' } });
    vault = { spaceId, viewId: source.dataSourceView.sId, dataSourceId: source.dataSource.sId };
  });
  afterAll(() => api.t.close());
  afterEach(() => copier.release());

  const w = (suffix: string): string => `/api/w/${api.workspaceId}${suffix}`;
  const v1 = (suffix: string): string => `/api/v1/w/${api.workspaceId}${suffix}`;
  const conversations = (suffix = ''): string => v1(`/assistant/conversations${suffix}`);
  const agents = (suffix = ''): string => w(`/assistant/agent_configurations${suffix}`);

  /** A call that must answer 200; answers the body. */
  async function ok(method: string, path: string, options: { key?: string; body?: unknown } = {}): Promise<any> {
    const res = await call(api.t.baseUrl, method, path, { key: options.key ?? api.key, body: options.body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A conversation whose first message mentions whom `mentions` says (no agent by default). */
  async function startConversation(options: { key?: string; mentions?: unknown[]; content?: string; extra?: Record<string, unknown> } = {}): Promise<any> {
    const message = { content: options.content ?? 'Hello', mentions: options.mentions ?? [], context: CONTEXT };
    return ok('POST', conversations(), { key: options.key, body: { title: 'States', ...options.extra, message } });
  }

  /** A conversation with one answered question: what compaction and deletion need. */
  async function answeredConversation(key = api.key): Promise<{ cId: string; questionId: string; answerId: string }> {
    openAI.server.enqueue(textScenario(['Answered.']));
    const created = await startConversation({ key, mentions: [{ configurationId: 'dust' }], content: 'A question' });
    const answerId: string = created.conversation.content[1][0].sId;
    expect((await api.settled(created.conversation.sId, answerId)).status).toBe('succeeded');
    return { cId: created.conversation.sId, questionId: created.message.sId, answerId };
  }

  /** The messages as the private family reads them (the only one showing compaction messages). */
  async function messagesOf(cId: string, key = api.key): Promise<any[]> {
    return (await ok('GET', w(`/assistant/conversations/${cId}`), { key })).conversation.content.flat();
  }

  async function messageOf(cId: string, mId: string, key = api.key): Promise<any> {
    return (await messagesOf(cId, key)).find((m) => m.sId === mId);
  }

  async function postMessage(cId: string, key: string, mentions: unknown[], content = 'Hi'): Promise<any> {
    return ok('POST', conversations(`/${cId}/messages`), { key, body: { content, mentions, context: CONTEXT } });
  }

  describe('conversation visibility', () => {
    it('unlisted: the visibility of a conversation created without one', async () => {
      const created = await startConversation();
      expect(created.conversation.visibility).toBe('unlisted');
      for (const path of [conversations(`/${created.conversation.sId}`), w(`/assistant/conversations/${created.conversation.sId}`)]) {
        expect((await ok('GET', path)).conversation.visibility).toBe('unlisted');
      }
    });

    it('test: kept as created', async () => {
      const created = await startConversation({ extra: { visibility: 'test' } });
      expect((await ok('GET', conversations(`/${created.conversation.sId}`))).conversation.visibility).toBe('test');
    });

    it('deleted: a deleted conversation is unreadable, and a space sync reads it deleted; none is created deleted', async () => {
      const project = (await ok('POST', w('/spaces'), { body: { name: 'Launch', isRestricted: false, spaceKind: 'project' } })).space.sId;
      const created = await startConversation({ extra: { spaceId: project } });
      const cId: string = created.conversation.sId;
      // The real service answers this DELETE with an empty 200.
      expect((await call(api.t.baseUrl, 'DELETE', w(`/assistant/conversations/${cId}`), { key: api.key })).status).toBe(200);
      const read = await call(api.t.baseUrl, 'GET', conversations(`/${cId}`), { key: api.key });
      expect([read.status, read.body.error.type]).toEqual([404, 'conversation_not_found']);
      const synced = await ok('GET', v1(`/spaces/${project}/conversations`));
      expect(synced.conversations.find((c: any) => c.sId === cId)).toMatchObject({ visibility: 'deleted', content: [] });

      const refused = await call(api.t.baseUrl, 'POST', conversations(), {
        key: api.key,
        body: { title: 'Gone', visibility: 'deleted', message: { content: 'Hello', mentions: [], context: CONTEXT } },
      });
      expect([refused.status, refused.body.error.type]).toEqual([400, 'invalid_request_error']);
    });
  });

  describe('message visibility', () => {
    it('visible: user, agent, content fragment and compaction messages as posted', async () => {
      const { cId } = await answeredConversation();
      await ok('POST', conversations(`/${cId}/content_fragments`), { body: { title: 'notes.txt', content: 'Notes', contentType: 'text/plain', context: CONTEXT } });
      openAI.server.enqueue(textScenario(['SUMMARY: a question was answered.']));
      const compaction = (await ok('POST', w(`/assistant/conversations/${cId}/compact`))).compactionMessage;
      await until(async () => (await messageOf(cId, compaction.sId))?.status === 'succeeded', 10_000);
      const messages = await messagesOf(cId);
      expect(messages.map((m) => [m.type, m.visibility])).toEqual([
        ['user_message', 'visible'],
        ['agent_message', 'visible'],
        ['content_fragment', 'visible'],
        ['compaction_message', 'visible'],
      ]);
    });

    it('deleted: a user message deleted by its author, with its answer and the fragment attached to it', async () => {
      openAI.server.enqueue(textScenario(['Answered.']));
      const attachment = { title: 'notes.txt', content: 'Notes', contentType: 'text/plain' };
      const created = await startConversation({ key: adaKey, mentions: [{ configurationId: 'dust' }], extra: { contentFragments: [attachment] } });
      const cId: string = created.conversation.sId;
      const [fragmentId, questionId, answerId] = created.conversation.content.map((versions: any[]) => versions[0].sId);
      await api.settled(cId, answerId);
      expect((await ok('DELETE', w(`/assistant/conversations/${cId}/messages/${questionId}`), { key: adaKey })).success).toBe(true);
      const messages = await messagesOf(cId, adaKey);
      expect(messages.map((m) => [m.sId, m.type, m.visibility])).toEqual([
        [fragmentId, 'content_fragment', 'deleted'],
        [questionId, 'user_message', 'deleted'],
        [answerId, 'agent_message', 'deleted'],
      ]);
    });
  });

  describe('agent message status', () => {
    it('created: while the agent is still answering', async () => {
      openAI.server.enqueue(slowly(1_500));
      const created = await startConversation({ mentions: [{ configurationId: 'dust' }] });
      const answerId: string = created.conversation.content[1][0].sId;
      expect(created.conversation.content[1][0].status).toBe('created');
      expect((await messageOf(created.conversation.sId, answerId)).status).toBe('created');
      expect((await api.settled(created.conversation.sId, answerId)).status).toBe('succeeded');
    });

    it('succeeded: the answer given', async () => {
      const { cId, answerId } = await answeredConversation();
      expect(await messageOf(cId, answerId)).toMatchObject({ status: 'succeeded', content: 'Answered.', error: null });
    });

    it('failed: the model refused, with the reason', async () => {
      openAI.server.enqueue(refusal);
      const created = await startConversation({ mentions: [{ configurationId: 'dust' }] });
      const answer = await api.settled(created.conversation.sId, created.conversation.content[1][0].sId);
      expect(answer.status).toBe('failed');
      expect(answer.error).toMatchObject({ code: expect.any(String), message: expect.stringContaining('request refused') });
    });

    it('cancelled: stopped by the user while running', async () => {
      openAI.server.enqueue(slowly(10_000));
      const created = await startConversation({ mentions: [{ configurationId: 'dust' }] });
      const cId: string = created.conversation.sId;
      const answerId: string = created.conversation.content[1][0].sId;
      expect((await ok('POST', conversations(`/${cId}/cancel`), { body: { messageIds: [answerId] } })).success).toBe(true);
      expect((await api.settled(cId, answerId)).status).toBe('cancelled');
    });
  });

  describe('compaction message status', () => {
    const compact = async (cId: string): Promise<any> => (await ok('POST', w(`/assistant/conversations/${cId}/compact`))).compactionMessage;

    it('created: while the summary is being written, with no content yet', async () => {
      const { cId } = await answeredConversation();
      openAI.server.enqueue(slowly(1_500, 'SUMMARY: slow.'));
      const compaction = await compact(cId);
      expect(compaction).toMatchObject({ status: 'created', content: null });
      expect(await messageOf(cId, compaction.sId)).toMatchObject({ status: 'created', content: null });
      await until(async () => (await messageOf(cId, compaction.sId)).status === 'succeeded', 10_000);
    });

    it('succeeded: with the summary', async () => {
      const { cId } = await answeredConversation();
      openAI.server.enqueue(textScenario(['SUMMARY: done.']));
      const compaction = await compact(cId);
      await until(async () => (await messageOf(cId, compaction.sId)).status === 'succeeded', 10_000);
      expect((await messageOf(cId, compaction.sId)).content).toContain('SUMMARY: done.');
    });

    it('failed: the model refused the summary; the conversation stays usable', async () => {
      const { cId } = await answeredConversation();
      openAI.server.enqueue(refusal);
      const compaction = await compact(cId);
      await until(async () => (await messageOf(cId, compaction.sId)).status === 'failed', 10_000);
      expect(await messageOf(cId, compaction.sId)).toMatchObject({ status: 'failed', content: null });
      expect((await postMessage(cId, api.key, [])).message.content).toBe('Hi');
    });
  });

  describe('content fragment version', () => {
    const attach = (cId: string, content: string, supersededContentFragmentId?: string): Promise<any> =>
      ok('POST', conversations(`/${cId}/content_fragments`), {
        body: { title: 'plan.txt', content, contentType: 'text/plain', context: CONTEXT, ...(supersededContentFragmentId ? { supersededContentFragmentId } : {}) },
      });

    it('latest: a fragment as attached', async () => {
      const cId: string = (await startConversation()).conversation.sId;
      const fragment = (await attach(cId, 'Plan one.')).contentFragment;
      expect(fragment.contentFragmentVersion).toBe('latest');
      expect((await messageOf(cId, fragment.sId)).contentFragmentVersion).toBe('latest');
    });

    it('superseded: once a new version replaces it', async () => {
      const cId: string = (await startConversation()).conversation.sId;
      const first = (await attach(cId, 'Plan one.')).contentFragment;
      const second = (await attach(cId, 'Plan two.', first.contentFragmentId)).contentFragment;
      expect((await messageOf(cId, first.sId)).contentFragmentVersion).toBe('superseded');
      expect((await messageOf(cId, second.sId)).contentFragmentVersion).toBe('latest');
    });
  });

  describe('rich mention status', () => {
    const statusIn = (posted: any, id: string): string => posted.message.richMentions.find((m: any) => m.id === id)?.status;
    /** The message's author (or someone else) deciding on its mention of Bob. */
    const decide = (key: string, cId: string, messageId: string, action: string) =>
      call(api.t.baseUrl, 'POST', w(`/assistant/conversations/${cId}/messages/${messageId}/mentions`), { key, body: { type: 'user', id: bob, action } });

    it('approved: an agent anyone may use, and a member taking part', async () => {
      const cId: string = (await startConversation({ key: adaKey })).conversation.sId;
      await postMessage(cId, bobKey, []);
      openAI.server.enqueue(textScenario(['Hello both.']));
      const posted = await postMessage(cId, adaKey, [{ configurationId: 'dust' }, { type: 'user', userId: bob }]);
      expect([statusIn(posted, 'dust'), statusIn(posted, bob)]).toEqual(['approved', 'approved']);
      await api.settled(cId, posted.agentMessages[0].sId);
    });

    it('approved: also a pending member once the author approves them, who then takes part', async () => {
      const cId: string = (await startConversation({ key: adaKey })).conversation.sId;
      const posted = await postMessage(cId, adaKey, [{ type: 'user', userId: bob }]);
      expect((await decide(adaKey, cId, posted.message.sId, 'approved')).body).toEqual({ success: true });
      expect((await messageOf(cId, posted.message.sId, adaKey)).richMentions[0]).toMatchObject({ id: bob, status: 'approved' });
      expect(statusIn(await postMessage(cId, adaKey, [{ type: 'user', userId: bob }]), bob)).toBe('approved');
    });

    it('rejected: the author left the pending member out; only the author decides', async () => {
      const cId: string = (await startConversation({ key: adaKey })).conversation.sId;
      const posted = await postMessage(cId, adaKey, [{ type: 'user', userId: bob }]);
      const notTheirs = await decide(bobKey, cId, posted.message.sId, 'approved');
      expect([notTheirs.status, notTheirs.body.error]).toEqual([403, { type: 'invalid_request_error', message: 'User is not authorized to edit this mention' }]);
      expect((await decide(adaKey, cId, posted.message.sId, 'rejected')).status).toBe(200);
      expect((await messageOf(cId, posted.message.sId, adaKey)).richMentions[0]).toMatchObject({ id: bob, status: 'rejected' });
      // Decided once: a later approval finds nothing pending.
      expect((await decide(adaKey, cId, posted.message.sId, 'approved')).status).toBe(200);
      expect((await messageOf(cId, posted.message.sId, adaKey)).richMentions[0].status).toBe('rejected');
      const bad = await decide(adaKey, cId, posted.message.sId, 'maybe');
      expect([bad.status, bad.body.error.type]).toEqual([400, 'invalid_request_error']);
    });

    it('pending_conversation_access: a member who does not take part yet', async () => {
      const cId: string = (await startConversation({ key: adaKey })).conversation.sId;
      const posted = await postMessage(cId, adaKey, [{ type: 'user', userId: bob }]);
      expect(statusIn(posted, bob)).toBe('pending_conversation_access');
      expect((await messageOf(cId, posted.message.sId, adaKey)).richMentions[0].status).toBe('pending_conversation_access');
    });

    it("pending_project_membership: a member outside the conversation's project", async () => {
      const project = (await ok('POST', w('/spaces'), { body: { name: 'Ada only', isRestricted: true, memberIds: [ada], spaceKind: 'project' } })).space.sId;
      const cId: string = (await startConversation({ key: adaKey, extra: { spaceId: project } })).conversation.sId;
      const posted = await postMessage(cId, adaKey, [{ type: 'user', userId: bob }]);
      expect(statusIn(posted, bob)).toBe('pending_project_membership');
      // Approved by the author, Bob joins the project, as in the real service, and reads the conversation.
      expect((await call(api.t.baseUrl, 'GET', conversations(`/${cId}`), { key: bobKey })).status).toBe(404);
      expect((await decide(adaKey, cId, posted.message.sId, 'approved')).status).toBe(200);
      expect((await messageOf(cId, posted.message.sId, bobKey)).richMentions[0]).toMatchObject({ id: bob, status: 'approved' });
      expect((await ok('GET', v1(`/spaces/${project}/project_metadata`), { key: bobKey })).metadata.members).toHaveLength(2);
    });

    it('user_restricted_by_conversation_access: a member kept out of a space the conversation uses', async () => {
      const vaultAgent = (await ok('POST', agents(), { body: { assistant: assistant({ name: 'vault-reader', requestedSpaceIds: [vault.spaceId] }) } })).agentConfiguration.sId;
      openAI.server.enqueue(textScenario(['From the vault.']));
      const created = await startConversation({ key: adaKey, mentions: [{ configurationId: vaultAgent }] });
      const cId: string = created.conversation.sId;
      await api.settled(cId, created.conversation.content[1][0].sId);
      const posted = await postMessage(cId, adaKey, [{ type: 'user', userId: bob }]);
      expect(statusIn(posted, bob)).toBe('user_restricted_by_conversation_access');
    });

    it('agent_restricted_by_space_usage: an agent whose data a participant may not see, which does not answer', async () => {
      const ledger = (
        await ok('POST', agents(), {
          body: { assistant: assistant({ name: 'ledger', actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: vault.viewId }] }] }) },
        })
      ).agentConfiguration.sId;
      const cId: string = (await startConversation({ key: adaKey })).conversation.sId;
      await postMessage(cId, bobKey, []);
      const posted = await postMessage(cId, adaKey, [{ configurationId: ledger }]);
      expect(statusIn(posted, ledger)).toBe('agent_restricted_by_space_usage');
      expect(posted.agentMessages).toEqual([]);
    });
  });

  describe('forked-from file copy status', () => {
    it('pending while the files are being copied, done once they are', async () => {
      const { cId } = await answeredConversation(adaKey);
      const { fileId } = await uploadFile(api.t.baseUrl, adaKey, api.workspaceId, { name: 'report.txt', type: 'text/plain', bytes: 'The report.' });
      await ok('POST', conversations(`/${cId}/content_fragments`), { key: adaKey, body: { title: 'report.txt', fileId } });
      const source = await postMessage(cId, adaKey, [], 'And then?');
      copier.hold();
      const forked = (await ok('POST', w(`/assistant/conversations/${cId}/fork`), { key: adaKey, body: { sourceMessageId: source.message.sId } })).conversation;
      expect(forked.forkingData.forkedFrom.fileCopyStatus).toBe('pending');
      expect((await ok('GET', w(`/assistant/conversations/${forked.sId}`), { key: adaKey })).conversation.forkingData.forkedFrom.fileCopyStatus).toBe('pending');
      copier.release();
      await until(async () => (await ok('GET', w(`/assistant/conversations/${forked.sId}`), { key: adaKey })).conversation.forkingData.forkedFrom.fileCopyStatus === 'done', 10_000);
    });
  });

  describe('agent configuration status', () => {
    const statusOf = async (sId: string, key = api.key, query = ''): Promise<string> => (await ok('GET', agents(`/${sId}${query}`), { key })).agentConfiguration.status;
    const listed = async (key = api.key): Promise<string[]> => (await ok('GET', agents(), { key })).agentConfigurations.map((a: any) => a.sId);
    const create = async (overrides: Record<string, unknown>): Promise<string> => (await ok('POST', agents(), { body: { assistant: assistant(overrides) } })).agentConfiguration.sId;

    it('active: an agent saved as such, listed', async () => {
      const sId = await create({ name: 'active-one' });
      expect(await statusOf(sId)).toBe('active');
      expect(await listed()).toContain(sId);
    });

    it('archived: once deleted, read only on request', async () => {
      const sId = await create({ name: 'archived-one' });
      await ok('DELETE', agents(`/${sId}`));
      expect(await statusOf(sId, api.key, '?includeArchived=true')).toBe('archived');
      expect(await listed()).not.toContain(sId);
    });

    it('draft: saved as a draft, listed nowhere until a save makes it active', async () => {
      const sId = await create({ name: 'drafty', status: 'draft' });
      expect(await statusOf(sId)).toBe('draft');
      expect(await listed()).not.toContain(sId);
      const saved = await ok('PATCH', agents(`/${sId}`), { body: { assistant: assistant({ name: 'drafty', status: 'active' }) } });
      expect(saved.agentConfiguration).toMatchObject({ status: 'active', version: 1 });
      expect(await listed()).toContain(sId);
    });

    it("pending: the agent builder's placeholder, its author's alone, until its first save (still version 0)", async () => {
      const builderKey = await api.t.createKey(api.workspaceId, 'builder', 'builder@example.com');
      const { sId } = await ok('POST', agents('/create-pending'), { key: builderKey });
      expect((await ok('GET', agents(`/${sId}`), { key: builderKey })).agentConfiguration).toMatchObject({ status: 'pending', name: '__PENDING__', scope: 'hidden', version: 0 });
      expect(await listed(builderKey)).not.toContain(sId);
      expect((await call(api.t.baseUrl, 'GET', agents(`/${sId}`), { key: bobKey })).status).toBe(403);
      const anonymous = await call(api.t.baseUrl, 'POST', agents('/create-pending'), { key: api.key });
      expect([anonymous.status, anonymous.body.error.type]).toEqual([401, 'not_authenticated']);

      const saved = await ok('PATCH', agents(`/${sId}`), { key: builderKey, body: { assistant: assistant({ name: 'built' }) } });
      expect(saved.agentConfiguration).toMatchObject({ sId, status: 'active', name: 'built', version: 0 });
      expect(await listed(builderKey)).toContain(sId);
      expect((await ok('GET', agents(`/${sId}/history`), { key: builderKey })).history.map((v: any) => [v.version, v.status])).toEqual([[0, 'active']]);
    });

    it("disabled_by_admin: an agent whose model's provider the workspace no longer allows", async () => {
      const { workspaceId, apiKey } = await api.t.createWorkspace('Policy');
      const path = `/api/w/${workspaceId}/assistant/agent_configurations`;
      const created = await call(api.t.baseUrl, 'POST', path, { key: apiKey, body: { assistant: assistant({ name: 'openai-one' }) } });
      expect((await call(api.t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key: apiKey, body: { whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null } })).status).toBe(200);
      const read = await call(api.t.baseUrl, 'GET', `${path}/${created.body.agentConfiguration.sId}`, { key: apiKey });
      expect(read.body.agentConfiguration.status).toBe('disabled_by_admin');
    });

    it('disabled_missing_datasource: an agent whose data source view was deleted', async () => {
      const spaceId = (await ok('POST', w('/spaces'), { body: { name: 'Handbook space', isRestricted: false } })).space.sId;
      const source = await ok('POST', w(`/spaces/${spaceId}/data_sources`), { body: { name: 'Handbook' } });
      const sId = await create({ name: 'handbook', actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: source.dataSourceView.sId }] }] });
      expect(await statusOf(sId)).toBe('active');
      await ok('DELETE', w(`/spaces/${spaceId}/data_sources/${source.dataSource.sId}`));
      expect(await statusOf(sId)).toBe('disabled_missing_datasource');
    });
  });
});
