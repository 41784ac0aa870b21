import { assistant, startConfigurationWorkspace } from './support/agent-configuration-helpers';
import { PNG_PIXEL, postContent } from './support/file-upload-helpers';
import { call, type TestApp } from './support/test-app';

// Writing agents: create, version, archive and restore, the rules a body must follow, and generic
// agents. Listing and reading lists are in agent-configurations-lists.

describe('agent configurations over HTTP', () => {
  let t: TestApp;
  let wId: string;
  let adminKey: string;
  let adaKey: string;
  let bobKey: string;
  let userKey: string;
  const base = () => `/api/w/${wId}/assistant/agent_configurations`;
  const v1 = () => `/api/v1/w/${wId}/assistant/agent_configurations`;
  const create = async (key: string, overrides: Record<string, unknown> = {}) =>
    call(t.baseUrl, 'POST', base(), { key, body: { assistant: assistant(overrides) } });

  beforeAll(async () => {
    ({ t, wId, adminKey, adaKey, bobKey, userKey } = await startConfigurationWorkspace());
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
      const conversation = await call(t.baseUrl, 'POST', `/api/v1/w/${wId}/assistant/conversations`, {
        key: userKey,
        body: { title: 'Ask', message: { content: 'Hi @helper', mentions: [{ configurationId: sId }], context: { username: 'carl', timezone: 'UTC' } } },
      });
      expect(conversation.status).toBe(200);
      const answer = conversation.body.conversation.content.at(-1)[0];
      expect(answer).toMatchObject({ type: 'agent_message', configuration: { sId, version: 2, name: 'helper', status: 'active' } });
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
      // The directory no longer resolves it: a mention of it is refused.
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

  it('a draft (the editor trying a version) takes no name, and only its editors can mention it', async () => {
    const active = await create(adaKey, { name: 'tryout' });
    expect(active.status).toBe(200);
    const draft = await create(adaKey, { name: 'tryout', status: 'draft', instructions: 'Answer in French.' });
    expect(draft.status).toBe(200);
    expect(draft.body.agentConfiguration).toMatchObject({ name: 'tryout', status: 'draft' });
    // A second draft of the same name, and an active agent named like a draft, are fine too.
    expect((await create(adaKey, { name: 'tryout', status: 'draft' })).status).toBe(200);
    const ask = (key: string) =>
      call(t.baseUrl, 'POST', `/api/w/${wId}/assistant/conversations`, {
        key,
        body: { title: 'Try', message: { content: 'Bonjour', mentions: [{ configurationId: draft.body.agentConfiguration.sId }], context: { username: 'ada', timezone: 'UTC' } } },
      });
    const tried = await ask(adaKey);
    expect(tried.status).toBe(200);
    const answer = tried.body.conversation.content.flat().find((message: any) => message.type === 'agent_message');
    expect(answer.configuration).toMatchObject({ sId: draft.body.agentConfiguration.sId, status: 'draft' });
    const byBob = await ask(bobKey);
    expect(byBob.status).toBe(404);
    expect(byBob.body.error.type).toBe('agent_configuration_not_found');
    const listed = await call(t.baseUrl, 'GET', base(), { key: adaKey });
    expect(listed.body.agentConfigurations.filter((agent: any) => agent.name === 'tryout').map((agent: any) => agent.status)).toEqual(['active']);
    // The workspace's model policy holds for a draft too.
    expect((await call(t.baseUrl, 'POST', `/api/w/${wId}`, { key: adminKey, body: { whiteListedProviders: ['mistral'], defaultEmbeddingProvider: null } })).status).toBe(200);
    try {
      const refused = await ask(adaKey);
      expect({ status: refused.status, type: refused.body.error?.type }).toEqual({ status: 400, type: 'model_disabled' });
    } finally {
      expect((await call(t.baseUrl, 'POST', `/api/w/${wId}`, { key: adminKey, body: { whiteListedProviders: null } })).status).toBe(200);
    }
  });

  it('takes a picture uploaded as an avatar file by its path here, which every member can then view', async () => {
    const requested = await call(t.baseUrl, 'POST', `/api/w/${wId}/files`, {
      key: adaKey,
      body: { contentType: 'image/png', fileName: 'owl.png', fileSize: PNG_PIXEL.length, useCase: 'avatar' },
    });
    expect(requested.status).toBe(200);
    const fileId: string = requested.body.file.sId;
    expect((await postContent(t.baseUrl, adaKey, `/api/w/${wId}/files/${fileId}`, PNG_PIXEL, 'owl.png', 'image/png')).status).toBe(200);
    const pictureUrl = `/api/w/${wId}/files/${fileId}?action=view`;
    const created = await create(adaKey, { name: 'owl', pictureUrl });
    expect(created.status).toBe(200);
    expect(created.body.agentConfiguration.pictureUrl).toBe(pictureUrl);
    const viewed = await fetch(`${t.baseUrl}${pictureUrl}`, { headers: { authorization: `Bearer ${userKey}` } });
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get('content-type')).toContain('image/png');
    const elsewhere = await create(adaKey, { name: 'owl2', pictureUrl: `/api/w/${wId}/files/${fileId}?action=download` });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toContain('the path of an uploaded picture');
  });

  it('the reads an editor saves from give back every field: a version saved from the full read or from history keeps its tool stakes', async () => {
    const toolStakes = { servers: { rms_docs: 'high' }, tools: { search_docs: 'never_ask', delete_page: 'low' } };
    const created = await create(adaKey, { name: 'stakes_keeper', toolset: ['msv_docs', 'query_tables:ds1:people'], toolStakes });
    expect(created.status).toBe(200);
    const sId = created.body.agentConfiguration.sId;
    expect(created.body.agentConfiguration.toolStakes).toEqual(toolStakes);

    const full = await call(t.baseUrl, 'GET', `${base()}/${sId}?variant=full&includeArchived=true`, { key: adaKey });
    expect(full.body.agentConfiguration).toMatchObject({ toolset: ['msv_docs', 'query_tables:ds1:people'], toolStakes });
    // What the editor sends back when only the description changed: the read, with that field changed.
    const { name, description, instructions, pictureUrl, status, scope, model, maxStepsPerRun, toolset, tags, templateId, requestedSpaceIds } = full.body.agentConfiguration;
    const resaved = await call(t.baseUrl, 'PATCH', `${base()}/${sId}`, {
      key: adaKey,
      body: { assistant: { name, description: `${description} Again.`, instructions, pictureUrl, status, scope, model, maxStepsPerRun, toolset, tags, templateId, requestedSpaceIds, toolStakes: full.body.agentConfiguration.toolStakes } },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.body.agentConfiguration).toMatchObject({ version: 1, toolStakes });

    const history = await call(t.baseUrl, 'GET', `${base()}/${sId}/history`, { key: adaKey });
    expect(history.body.history.map((v: any) => v.toolStakes)).toEqual([toolStakes, toolStakes]);
    // A version without stakes reads without them, not with an empty object.
    const plain = await create(adaKey, { name: 'no_stakes' });
    expect(plain.body.agentConfiguration).not.toHaveProperty('toolStakes');
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
