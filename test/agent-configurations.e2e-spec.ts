import { agentMessageCreated, fixtureUser, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import type { ConversationEvent } from '@app/contracts/events/conversation.events';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { DustAPI } from '@dust-tt/client';
import { randomUUID } from 'node:crypto';
import { AgentDirectory } from '../apps/api/src/agents/directory/agent-directory.service';
import { ReadModels } from '../apps/api/src/infrastructure/read-models.service';
import { call, startTestApp, type TestApp } from './support/test-app';

const assistant = (overrides: Record<string, unknown> = {}) => ({
  name: 'helper',
  description: 'Answers questions about the handbook.',
  instructions: 'Be precise.',
  pictureUrl: 'https://example.com/helper.png',
  status: 'active',
  scope: 'visible',
  model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4 },
  maxStepsPerRun: 6,
  actions: [],
  tags: [],
  templateId: null,
  ...overrides,
});

describe('agent configurations over HTTP', () => {
  let t: TestApp;
  let wId: string;
  let adminKey: string;
  let adaKey: string; // builder bound to ada
  let bobKey: string; // builder bound to bob
  let userKey: string; // user bound to carl
  let anonUserKey: string; // user bound to no one
  const base = () => `/api/w/${wId}/assistant/agent_configurations`;
  const v1 = () => `/api/v1/w/${wId}/assistant/agent_configurations`;
  const create = async (key: string, overrides: Record<string, unknown> = {}) =>
    call(t.baseUrl, 'POST', base(), { key, body: { assistant: assistant(overrides) } });

  beforeAll(async () => {
    // No runner: nothing here needs an answer, and the key is not a real one.
    t = await startTestApp({ OPENAI_API_KEY: 'sk-test', AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId: wId, apiKey: adminKey } = await t.createWorkspace('Acme'));
    adaKey = await t.createKey(wId, 'builder', 'ada@example.com');
    bobKey = await t.createKey(wId, 'builder', 'bob@example.com');
    userKey = await t.createKey(wId, 'user', 'carl@example.com');
    anonUserKey = await t.createKey(wId, 'user');
  });
  afterAll(() => t.close());

  describe('create, read, version, archive', () => {
    let sId: string;

    it('creates an agent (private family) and answers with the full variant', async () => {
      const res = await create(adaKey, { actions: [{ mcpServerViewId: 'msv_search' }, 'web_browser'], tags: [{ sId: 'tag_1', name: 'HR' }] });
      expect(res.status).toBe(200);
      const agent = res.body.agentConfiguration;
      sId = agent.sId;
      expect(sId).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(agent).toMatchObject({
        id: expect.any(Number),
        version: 0,
        versionCreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        versionAuthorId: expect.any(Number),
        name: 'helper',
        status: 'active',
        scope: 'visible',
        userFavorite: false,
        model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4, reasoningEffort: 'none' },
        maxStepsPerRun: 6,
        tags: [{ sId: 'tag_1', name: 'HR' }],
        templateId: null,
        requestedGroupIds: [],
        requestedSpaceIds: [],
        canRead: true,
        canEdit: true,
        toolset: ['msv_search', 'web_browser'],
      });
      expect(agent.actions.map((a: any) => a.mcpServerViewId)).toEqual(['msv_search', 'web_browser']);
    });

    it('reads it on both families, light by default and full on request', async () => {
      for (const path of [`${v1()}/${sId}`, `${base()}/${sId}`]) {
        const res = await call(t.baseUrl, 'GET', path, { key: userKey });
        expect(res.status).toBe(200);
        expect(res.body.agentConfiguration).toMatchObject({ sId, name: 'helper', canEdit: false });
        expect(res.body.agentConfiguration.actions).toBeUndefined();
      }
      const full = await call(t.baseUrl, 'GET', `${v1()}/${sId}?variant=full`, { key: userKey });
      expect(full.body.agentConfiguration.actions).toHaveLength(2);
      const bad = await call(t.baseUrl, 'GET', `${v1()}/${sId}?variant=huge`, { key: userKey });
      expect(bad.status).toBe(400);
    });

    it('an update is a new version; saving the same again changes nothing; history keeps the old one', async () => {
      const updated = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, { key: adaKey, body: { assistant: assistant({ description: 'v2' }) } });
      expect(updated.status).toBe(200);
      expect(updated.body.agentConfiguration).toMatchObject({ sId, version: 1, description: 'v2', toolset: [] });
      const same = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, { key: adaKey, body: { assistant: assistant({ description: 'v2' }) } });
      expect(same.body.agentConfiguration.version).toBe(1);

      const history = await call(t.baseUrl, 'GET', `${base()}/${sId}/history`, { key: adaKey });
      expect(history.status).toBe(200);
      expect(history.body.history.map((v: any) => [v.version, v.description, v.status])).toEqual([
        [1, 'v2', 'active'],
        [0, 'Answers questions about the handbook.', 'archived'],
      ]);
      expect(history.body.history[0].id).not.toBe(history.body.history[1].id);
    });

    it('only editors and admins may change an agent; users may not create', async () => {
      expect((await create(userKey, { name: 'nope' })).status).toBe(403);
      const byUser = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, { key: userKey, body: { assistant: assistant({ description: 'x' }) } });
      expect(byUser.status).toBe(403);
      expect(byUser.body.error.type).toBe('workspace_auth_error');
      const byBob = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, { key: bobKey, body: { assistant: assistant({ description: 'x' }) } });
      expect(byBob.status).toBe(403);
      const byAdmin = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, { key: adminKey, body: { assistant: assistant({ description: 'v3' }) } });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.agentConfiguration.version).toBe(2);
    });

    it('the directory resolves the active agent for mentions', async () => {
      const workspace = await t.app.get(ReadModels).get<WorkspaceDocument>('workspaces', wId);
      const resolved = await t.app.get(AgentDirectory).resolve(workspace!, sId);
      expect(resolved).toMatchObject({ sId, version: 2, status: 'active' });
      const conversation = await call(t.baseUrl, 'POST', `/api/v1/w/${wId}/assistant/conversations`, {
        key: userKey,
        body: { title: 'Ask', message: { content: 'Hi @helper', mentions: [{ configurationId: sId }], context: { username: 'carl', timezone: 'UTC' } } },
      });
      expect(conversation.status).toBe(200);
      const answer = conversation.body.conversation.content.at(-1)[0];
      expect(answer).toMatchObject({ type: 'agent_message', configuration: { sId, version: 2, name: 'helper' } });
    });

    it('archives: 404 afterwards, updates refused, visible to admins in the archived view, restorable', async () => {
      const deleted = await call(t.baseUrl, 'DELETE', `${base()}/${sId}`, { key: adaKey });
      expect(deleted).toMatchObject({ status: 200, body: { success: true } });
      const gone = await call(t.baseUrl, 'GET', `${v1()}/${sId}`, { key: adminKey });
      expect(gone.status).toBe(404);
      expect(gone.body.error.type).toBe('agent_configuration_not_found');
      const asked = await call(t.baseUrl, 'GET', `${v1()}/${sId}?includeArchived=true`, { key: adminKey });
      expect(asked.body.agentConfiguration.status).toBe('archived');
      const patch = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, { key: adaKey, body: { assistant: assistant({ description: 'x' }) } });
      expect(patch.status).toBe(400);
      const archived = await call(t.baseUrl, 'GET', `${v1()}?view=archived`, { key: adminKey });
      expect(archived.body.agentConfigurations.map((a: any) => a.sId)).toEqual([sId]);
      expect((await call(t.baseUrl, 'GET', `${v1()}?view=archived`, { key: adaKey })).status).toBe(403);
      const workspace = await t.app.get(ReadModels).get<WorkspaceDocument>('workspaces', wId);
      expect(await t.app.get(AgentDirectory).resolve(workspace!, sId)).toBeNull();
      const mention = await call(t.baseUrl, 'POST', `/api/v1/w/${wId}/assistant/conversations`, {
        key: userKey,
        body: { message: { content: 'Hi', mentions: [{ configurationId: sId }], context: { username: 'carl', timezone: 'UTC' } } },
      });
      expect(mention.status).toBe(404);
      expect(mention.body.error.type).toBe('agent_configuration_not_found');

      const restored = await call(t.baseUrl, 'POST', `${base()}/${sId}/restore`, { key: adaKey });
      expect(restored.status).toBe(200);
      expect(restored.body.agentConfiguration).toMatchObject({ status: 'active', version: 2 });
    });

    it('answers 404 for another workspace', async () => {
      const other = await t.createWorkspace('Other');
      const res = await call(t.baseUrl, 'GET', `/api/v1/w/${other.workspaceId}/assistant/agent_configurations/${sId}`, { key: other.apiKey });
      expect(res.status).toBe(404);
      expect(res.body.error.type).toBe('agent_configuration_not_found');
      const patch = await call(t.baseUrl, 'DELETE', `/api/w/${other.workspaceId}/assistant/agent_configurations/${sId}`, { key: other.apiKey });
      expect(patch.status).toBe(404);
      const unknown = await call(t.baseUrl, 'GET', `${v1()}/NoSuchAg3n`, { key: adminKey });
      expect(unknown.status).toBe(404);
    });
  });

  describe('validation', () => {
    it.each([
      ['a name with spaces', { name: 'my helper' }],
      ['a 65-character name', { name: 'a'.repeat(65) }],
      ['a long description', { description: 'd'.repeat(257) }],
      ['a temperature of 3', { model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 3 } }],
      ['zero steps', { maxStepsPerRun: 0 }],
      ['an unknown reasoning effort', { model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0, reasoningEffort: 'max' } }],
      ['no model', { model: undefined }],
      ['a non-string name', { name: 42 }],
      ['an unknown scope', { scope: 'everyone' }],
    ])('rejects %s with 400 invalid_request_error', async (_label, overrides) => {
      const res = await create(adaKey, { name: 'valid-name', ...overrides });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
    });

    it('rejects a body without assistant, and malformed JSON', async () => {
      expect((await call(t.baseUrl, 'POST', base(), { key: adaKey, body: {} })).status).toBe(400);
      expect((await call(t.baseUrl, 'POST', base(), { key: adaKey, rawBody: '{"assistant":' })).status).toBe(400);
    });

    it('rejects a name taken by an active agent or a global agent', async () => {
      expect((await create(adaKey, { name: 'unique-one' })).status).toBe(200);
      const dup = await create(bobKey, { name: 'Unique-One' });
      expect(dup.status).toBe(400);
      expect(dup.body.error.message).toContain('already exists');
      expect((await create(adaKey, { name: 'dust' })).status).toBe(400);
    });

    it('rejects a model outside the catalog with model_disabled', async () => {
      const res = await create(adaKey, { name: 'gpt9', model: { providerId: 'openai', modelId: 'gpt-9', temperature: 0 } });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('model_disabled');
    });

    it('rejects a provider the workspace does not whitelist with model_disabled, and shows global agents disabled', async () => {
      const ws = await t.createWorkspace('Restricted');
      const settings = await call(t.baseUrl, 'POST', `/api/w/${ws.workspaceId}`, {
        key: ws.apiKey,
        body: { whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null },
      });
      expect(settings.status).toBe(200);
      const res = await call(t.baseUrl, 'POST', `/api/w/${ws.workspaceId}/assistant/agent_configurations`, {
        key: ws.apiKey,
        body: { assistant: assistant() },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('model_disabled');
      const list = await call(t.baseUrl, 'GET', `/api/v1/w/${ws.workspaceId}/assistant/agent_configurations`, { key: ws.apiKey });
      expect(list.body.agentConfigurations.find((a: any) => a.sId === 'dust').status).toBe('disabled_by_admin');
    });
  });

  describe('lists', () => {
    let hiddenId: string;
    let zebraId: string;

    beforeAll(async () => {
      zebraId = (await create(adaKey, { name: 'Zebra' })).body.agentConfiguration.sId;
      await create(adaKey, { name: 'alpha' });
      hiddenId = (await create(adaKey, { name: 'secret', scope: 'hidden' })).body.agentConfiguration.sId;
      await create(adaKey, { name: 'draft-one', status: 'draft' });
    });

    it('lists dust first, then agents by name, on both families', async () => {
      for (const path of [v1(), base()]) {
        const res = await call(t.baseUrl, 'GET', path, { key: anonUserKey });
        expect(res.status).toBe(200);
        const agents = res.body.agentConfigurations;
        expect(agents[0].sId).toBe('dust');
        const names = agents.slice(1).map((a: any) => a.name.toLowerCase());
        expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
        expect(agents.some((a: any) => a.scope === 'global' && a.sId !== 'dust')).toBe(true);
        expect(agents.map((a: any) => a.name)).toEqual(expect.arrayContaining(['alpha', 'Zebra']));
        expect(agents.map((a: any) => a.name)).not.toContain('secret');
        expect(agents.map((a: any) => a.name)).not.toContain('draft-one');
      }
    });

    it('parses with the official client', async () => {
      const client = new DustAPI({ url: t.baseUrl }, { workspaceId: wId, apiKey: anonUserKey }, console);
      const all = await client.getAgentConfigurations({});
      expect(all.isOk()).toBe(true);
      if (all.isOk()) expect(all.value.map((a) => a.sId)).toContain(zebraId);
      const withAuthors = await client.getAgentConfigurations({ view: 'published', includes: ['authors'] });
      expect(withAuthors.isOk()).toBe(true);
      if (withAuthors.isOk()) {
        expect(withAuthors.value.every((a) => a.scope === 'visible')).toBe(true);
        expect(withAuthors.value.find((a) => a.sId === zebraId)?.lastAuthors).toEqual(['ada']);
      }
    });

    it('shows a hidden agent to its editor and admins only', async () => {
      const names = async (key: string) => (await call(t.baseUrl, 'GET', v1(), { key })).body.agentConfigurations.map((a: any) => a.name);
      expect(await names(adaKey)).toContain('secret');
      expect(await names(bobKey)).not.toContain('secret');
      expect((await call(t.baseUrl, 'GET', `${v1()}/${hiddenId}`, { key: userKey })).status).toBe(403);
      expect((await call(t.baseUrl, 'GET', `${v1()}/${hiddenId}`, { key: adminKey })).status).toBe(200);
      const internal = await call(t.baseUrl, 'GET', `${v1()}?view=admin_internal`, { key: adminKey });
      expect(internal.body.agentConfigurations.map((a: any) => a.name)).toEqual(expect.arrayContaining(['secret', 'draft-one']));
    });

    it('checks views: global, unknown, and list/favorites without a member', async () => {
      const global = await call(t.baseUrl, 'GET', `${v1()}?view=global`, { key: anonUserKey });
      expect(global.body.agentConfigurations.every((a: any) => a.scope === 'global')).toBe(true);
      expect((await call(t.baseUrl, 'GET', `${v1()}?view=everything`, { key: adminKey })).status).toBe(400);
      for (const view of ['list', 'favorites']) {
        const res = await call(t.baseUrl, 'GET', `${v1()}?view=${view}`, { key: adminKey });
        expect(res.status).toBe(401);
        expect(res.body.error.type).toBe('invalid_request_error');
      }
      expect((await call(t.baseUrl, 'GET', `${v1()}?view=list`, { key: userKey })).status).toBe(200);
      expect((await call(t.baseUrl, 'GET', `${v1()}?withAuthors=maybe`, { key: userKey })).status).toBe(400);
    });

    it('keeps favorites per member, global agents included', async () => {
      for (const id of ['dust', zebraId]) {
        const res = await call(t.baseUrl, 'PATCH', `${base()}/${id}`, { key: userKey, body: { userFavorite: true } });
        expect(res.status).toBe(200);
        expect(res.body.agentConfiguration.userFavorite).toBe(true);
      }
      const favorites = await call(t.baseUrl, 'GET', `${v1()}?view=favorites`, { key: userKey });
      expect(favorites.body.agentConfigurations.map((a: any) => a.sId)).toEqual(['dust', zebraId]);
      const others = await call(t.baseUrl, 'GET', `${v1()}?view=favorites`, { key: bobKey });
      expect(others.body.agentConfigurations).toEqual([]);
      const noUser = await call(t.baseUrl, 'PATCH', `${base()}/dust`, { key: adminKey, body: { userFavorite: true } });
      expect(noUser.status).toBe(401);
    });

    it('refuses to edit or archive a global agent', async () => {
      const patch = await call(t.baseUrl, 'PATCH', `${base()}/dust`, { key: adminKey, body: { assistant: assistant({ name: 'mine' }) } });
      expect(patch.status).toBe(403);
      expect((await call(t.baseUrl, 'DELETE', `${base()}/dust`, { key: adminKey })).status).toBe(403);
    });

    it('adds usage, feedbacks, editors and authors on request', async () => {
      const store = t.app.get<EventStore>(EVENT_STORE);
      const zebra = (await call(t.baseUrl, 'GET', `${v1()}/${zebraId}`, { key: adminKey })).body.agentConfiguration;
      const alice = fixtureUser('usralice01');
      const base = { workspaceId: wId, conversationId: 'c0nversat1' };
      const events: ConversationEvent[] = [
        userMessagePosted('usrmsg0001', 1, [zebra], { ...base, user: alice }),
        agentMessageCreated('agtmsg0001', 2, 'usrmsg0001', { ...base, configuration: zebra, at: Date.now() }),
        {
          type: 'AgentMessageFeedbackGiven',
          data: { ...base, at: Date.now(), messageId: 'agtmsg0001', user: { userId: alice.sId, username: 'alice', fullName: null }, thumbDirection: 'up', content: null, isConversationShared: false },
        },
      ];
      const appended = await store.append(
        'conversation-c0nversat1',
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { schemaVersion: 1 } })),
        'any',
      );
      await t.app.get(ReadModels).waitFor(appended.position);

      const res = await call(t.baseUrl, 'GET', `${v1()}?withUsage=true&withFeedbacks=true&withEditors=true&withAuthors=true`, { key: userKey });
      expect(res.status).toBe(200);
      const listed = res.body.agentConfigurations.find((a: any) => a.sId === zebraId);
      expect(listed.usage).toEqual({ messageCount: 1, conversationCount: 1, userCount: 1, timePeriodSec: 2592000 });
      expect(listed.feedbacks).toEqual({ up: 1, down: 0 });
      expect(listed.editors).toEqual([{ sId: expect.any(String), fullName: 'ada', image: null }]);
      expect(listed.lastAuthors).toEqual(['ada']);
      const dust = res.body.agentConfigurations.find((a: any) => a.sId === 'dust');
      expect(dust.usage.messageCount).toBe(0);
    });

    it('searches by name', async () => {
      const res = await call(t.baseUrl, 'GET', `${v1()}/search?q=zEb`, { key: userKey });
      expect(res.status).toBe(200);
      expect(res.body.agentConfigurations.map((a: any) => a.sId)).toEqual([zebraId]);
    });
  });

  describe('generic agents', () => {
    const path = () => `/api/v1/w/${wId}/assistant/generic_agents`;

    it('creates an agent and its sub-agent on the default model', async () => {
      const res = await call(t.baseUrl, 'POST', path(), {
        key: adaKey,
        body: {
          name: 'planner',
          description: 'Plans.',
          instructions: 'Plan things.',
          emoji: '🤖',
          subAgentName: 'executor',
          subAgentDescription: 'Executes.',
          subAgentInstructions: 'Do things.',
        },
      });
      expect(res.status).toBe(200);
      const { agentConfiguration: main, subAgentConfiguration: sub } = res.body;
      expect(main).toMatchObject({ name: 'planner', scope: 'hidden', status: 'active', model: { providerId: 'openai', modelId: 'gpt-4.1' } });
      expect(main.pictureUrl).toContain('1f916');
      expect(sub).toMatchObject({ name: 'executor', scope: 'hidden' });
      const full = await call(t.baseUrl, 'GET', `${v1()}/${main.sId}?variant=full`, { key: adaKey });
      expect(full.body.agentConfiguration.actions.map((a: any) => a.childAgentId)).toEqual([sub.sId]);
    });

    it('creates a lone agent, and refuses users, half sub-agents and taken names without writing anything', async () => {
      const lone = await call(t.baseUrl, 'POST', path(), { key: adminKey, body: { name: 'lone', description: 'd', instructions: 'i' } });
      expect(lone.status).toBe(200);
      expect(lone.body.subAgentConfiguration).toBeUndefined();
      expect((await call(t.baseUrl, 'POST', path(), { key: userKey, body: { name: 'u1', description: 'd', instructions: 'i' } })).status).toBe(403);
      const half = await call(t.baseUrl, 'POST', path(), { key: adaKey, body: { name: 'half', description: 'd', instructions: 'i', subAgentName: 'x' } });
      expect(half.status).toBe(400);
      const clash = await call(t.baseUrl, 'POST', path(), {
        key: adaKey,
        body: { name: 'fresh', description: 'd', instructions: 'i', subAgentName: 'lone', subAgentDescription: 'd', subAgentInstructions: 'i' },
      });
      expect(clash.status).toBe(400);
      const all = await call(t.baseUrl, 'GET', `${v1()}?view=admin_internal`, { key: adminKey });
      expect(all.body.agentConfigurations.map((a: any) => a.name)).not.toContain('fresh');
    });
  });
});
