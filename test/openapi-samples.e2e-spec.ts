import { until } from '@app/contracts/test/until';
import { z } from 'zod';
import { AgentApi, CONTEXT, openAIEnv, textScenario } from './support/agent-run-helpers';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { OpenApiResponseValidator } from './support/openapi-response-validator';
import { browserHeaders, linkToken, parseSetCookie, sessionSetCookie } from './support/people';
import { runCli } from './support/server-process';
import { call } from './support/test-app';
import { assistant } from './support/agent-assistant-body';
import { postContent, uploadFile } from './support/file-upload-helpers';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import { startRemoteToolServer, startToolServer, type RemoteToolServer } from './support/remote-mcp-server';
import { collectSse, type ReceivedFrame } from './support/sse-client';

jest.setTimeout(30_000);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** One route whatever its family, so a sample on either family covers both. */
const familyless = (route: string): string => route.replace(' /api/v1/w/', ' /api/w/');

/**
 * Real answers of the running app, checked against the schemas the document gives them: with a
 * real agent run (a tool call, then text) so messages carry actions, contents and a resolved model.
 */
describe('documented response schemas against real responses', () => {
  let fake: FakeOpenAIServer;
  let api: AgentApi;
  let document: any;
  let validator: OpenApiResponseValidator;
  let userKey: string;
  let samples: RemoteToolServer;
  /** An agent whose MCP server (`samples`) offers `lookup_weather` (trusted) and `send_sample` (asks first). */
  let sampler: string;
  const sampled = new Set<string>();

  /**
   * Calls a route (`{wId}`, `{cId}`… filled from `ids`), expects a 200 and checks its body against
   * the document; answers the whole response. `key: null` sends no key (a browser's `headers` instead, or nothing).
   */
  async function sampleResponse(
    method: string,
    template: string,
    ids: Record<string, string>,
    options: { key?: string | null; query?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ body: any; headers: Headers }> {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? name) + (options.query ? `?${options.query}` : '');
    const route = `${method} ${template}`;
    const key = options.key === null ? undefined : (options.key ?? api.key);
    const res = await call(api.t.baseUrl, method, path, { key, body: options.body, headers: options.headers });
    expect({ route, status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({ route, status: 200, body: undefined });
    expect({ route, errors: validator.errors(method, template, 200, res.body) }).toEqual({ route, errors: [] });
    sampled.add(familyless(route));
    return res;
  }

  /** Like sampleResponse; answers the body. */
  async function sample(method: string, template: string, ids: Record<string, string>, options: Parameters<typeof sampleResponse>[3] = {}): Promise<any> {
    return (await sampleResponse(method, template, ids, options)).body;
  }

  /** The first request on a client-side server's requests stream not in `answered` (notifications have no id). */
  async function nextMcpRequest(serverId: string, answered: ReadonlySet<string>): Promise<any> {
    const fresh = (frames: readonly ReceivedFrame[]) => frames.map((frame) => frame.data).find((message) => typeof message?.id === 'string' && !answered.has(message.id));
    const url = `${api.t.baseUrl}/api/v1/w/${api.workspaceId}/mcp/requests?serverId=${encodeURIComponent(serverId)}`;
    const { frames } = await collectSse(url, { key: userKey, stop: (received) => fresh(received) !== undefined, timeoutMs: 10_000 });
    return fresh(frames);
  }

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    // Any run nobody scripted (retries, edits) answers with a short text.
    fake.setResolver(() => textScenario(['Fine.']));
    // Remote servers on this machine need private networks allowed, and headers need a secrets key.
    api = await AgentApi.start(openAIEnv(fake, { ...LOCAL_MCP_ENV, SECRETS_KEY: '0'.repeat(64) }));
    userKey = await api.t.createKey(api.workspaceId, 'user', 'ada@example.com');
    samples = await startToolServer('weather', [
      { name: 'lookup_weather', description: 'Weather of a city', inputSchema: { city: z.string() }, readOnly: true, answer: (args) => `Sunny in ${String(args.city)}` },
      { name: 'send_sample', description: 'Sends', inputSchema: { to: z.string() }, answer: () => 'Sent' },
    ]);
    const { viewId } = await registerRemoteServer(api.t.baseUrl, api.workspaceId, api.key, samples.url);
    sampler = await createAgentWithView(api.t.baseUrl, api.workspaceId, api.key, viewId, { name: 'sampler', toolStakes: { tools: { lookup_weather: 'never_ask' } } });
    document = await (await fetch(`${api.t.baseUrl}/openapi.json`)).json();
    validator = new OpenApiResponseValidator(document);
  });
  afterAll(async () => {
    await api.t.close();
    await samples.close();
    await fake.close();
  });

  it('health, workspace and spaces', async () => {
    const ids = { wId: api.workspaceId };
    await sample('GET', '/healthz', ids);
    await sample('GET', '/readyz', ids);
    await sample('GET', '/api/w/{wId}/status', ids);
    await sample('GET', '/api/w/{wId}', ids);
    await sample('POST', '/api/w/{wId}', ids, { body: { metadata: { plan: 'pro' } } });
    await sample('GET', '/api/v1/w/{wId}/spaces', ids);
    await sample('GET', '/api/w/{wId}/models', ids);
    await sample('GET', '/api/v1/w/{wId}/feature_flags', ids);
    await sample('GET', '/api/v1/w/{wId}/exists', ids);
  });

  it('projects: metadata and the conversation lists of a space', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    ids.spaceId = (await sample('POST', '/api/w/{wId}/spaces', ids, { body: { name: 'Sampled project', isRestricted: false, spaceKind: 'project' } })).space.sId;
    const created = await call(api.t.baseUrl, 'POST', `/api/v1/w/${api.workspaceId}/assistant/conversations`, {
      key: api.key,
      body: { title: 'In the project', spaceId: ids.spaceId, message: { content: 'Hello', mentions: [], context: { username: 'samples', timezone: 'UTC' } } },
    });
    expect(created.status).toBe(200);
    await sample('PATCH', '/api/w/{wId}/spaces/{spaceId}/project_metadata', ids, { body: { description: 'Sampled' } });
    await sample('PATCH', '/api/w/{wId}/spaces/{spaceId}/members', ids, { body: { isRestricted: false, memberIds: [] } });
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/project_metadata', ids);
    await sample('GET', '/api/w/{wId}/spaces/{spaceId}', ids);
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/conversation_ids', ids);
    expect((await uploadFile(api.t.baseUrl, api.key, api.workspaceId, { name: 'docs/brief.txt', type: 'text/plain', bytes: 'Brief.', projectId: ids.spaceId })).status).toBe(200);
    const listed = await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/project_files', ids);
    expect(listed.files.map((f: any) => f.path)).toEqual(['/docs', '/docs/brief.txt']);
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/apps/export', ids);
    await sample('POST', '/api/v1/w/{wId}/spaces/{spaceId}/apps/check', ids, { body: { apps: [{ appId: 'app', appHash: 'hash' }] } });
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/conversations', ids);
  });

  it('agent configurations: global and custom, light and full, history, archive and restore, generic agents', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const base = '/api/w/{wId}/assistant/agent_configurations';
    const created = await sample('POST', base, ids, {
      body: {
        assistant: assistant({ description: 'Answers questions.', actions: ['web_browser'], tags: [{ sId: 'tag_1', name: 'HR' }] }),
      },
    });
    ids.sId = created.agentConfiguration.sId;
    await sample('PATCH', `${base}/{sId}`, ids, { key: userKey, body: { userFavorite: true } });
    await sample('GET', '/api/v1/w/{wId}/assistant/agent_configurations', ids, { query: 'withAuthors=true&withUsage=true&withFeedbacks=true&withEditors=true' });
    await sample('GET', '/api/v1/w/{wId}/assistant/agent_configurations/search', ids, { query: 'q=help' });
    await sample('GET', '/api/v1/w/{wId}/assistant/agent_configurations/{sId}', ids);
    await sample('GET', '/api/v1/w/{wId}/assistant/agent_configurations/{sId}', ids, { query: 'variant=full' });
    await sample('GET', '/api/v1/w/{wId}/assistant/agent_configurations/{sId}', { ...ids, sId: 'dust' });
    await sample('GET', `${base}/{sId}/history`, ids);
    await sample('GET', `${base}/{sId}/daily_usage`, ids);
    await sample('DELETE', `${base}/{sId}`, ids);
    await sample('POST', `${base}/{sId}/restore`, ids);
    const builderKey = await api.t.createKey(api.workspaceId, 'builder', 'pending.builder@example.com');
    await sample('POST', `${base}/create-pending`, ids, { key: builderKey });
    await sample('POST', '/api/v1/w/{wId}/assistant/generic_agents', ids, {
      body: { name: 'planner', description: 'Plans.', instructions: 'Plan.', subAgentName: 'executor', subAgentDescription: 'Executes.', subAgentInstructions: 'Do.' },
    });
  });

  it('conversations: create, read, list, post, edit, retry, cancel, reactions, feedback, patch, delete', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const v1 = '/api/v1/w/{wId}/assistant/conversations';
    const priv = '/api/w/{wId}/assistant/conversations';
    fake.enqueue({ steps: [{ type: 'tool-call', name: 'lookup_weather', args: { city: 'Paris' } }] }, textScenario(['It is sunny in Paris.']));
    const created = await sample('POST', v1, ids, {
      body: {
        title: 'Weather',
        message: { content: 'Weather in Paris? @sampler', mentions: [{ configurationId: sampler }], context: CONTEXT },
        // Inline only: file and content-node fragments need files and data sources this service does not hold.
        contentFragments: [{ title: 'notes.txt', content: 'some notes', contentType: 'text/plain' }],
      },
    });
    ids.cId = created.conversation.sId;
    const firstAgent = created.conversation.content.flat().find((m: any) => m.type === 'agent_message');
    const settled = await api.settled(ids.cId, firstAgent.sId);
    // The point of the scripted run: the conversation now holds an action and structured contents.
    expect(settled).toMatchObject({ status: 'succeeded', actions: [expect.objectContaining({ functionCallName: 'lookup_weather' })] });
    await sample('GET', `${v1}/{cId}`, ids);
    await sample('GET', v1, ids);
    await sample('GET', '/api/v1/w/{wId}/assistant/mentions/suggestions', ids, { key: userKey, query: 'query=sam' });
    await sample('GET', `${priv}/{cId}/mentions/suggestions`, ids, { key: userKey, query: 'query=' });
    await sample('POST', '/api/w/{wId}/assistant/mentions/parse', ids, { key: userKey, body: { markdown: 'Hi @sampler' } });

    // The private family with a member's key: messages carry a user.
    const posted = await sample('POST', `${priv}/{cId}/messages`, ids, {
      key: userKey,
      body: { content: 'And tomorrow? @dust', mentions: [{ configurationId: 'dust' }], context: { timezone: 'UTC' } },
    });
    ids.mId = posted.agentMessages[0].sId;
    await api.settled(ids.cId, ids.mId);
    await sample('POST', `${priv}/{cId}/messages/{mId}/reactions`, ids, { key: userKey, body: { reaction: '👍' } });
    await sample('POST', `${v1}/{cId}/messages/{mId}/feedbacks`, ids, { key: userKey, body: { thumbDirection: 'up', feedbackContent: 'great' } });
    await sample('GET', `${v1}/{cId}/feedbacks`, ids, { key: userKey });
    await sample('GET', `${priv}/{cId}`, ids, { key: userKey });
    // Paged: `hasMore` and `lastValue` beside the conversation.
    const paged = await sample('GET', `${v1}/{cId}`, ids, { query: 'limit=2' });
    expect(paged).toMatchObject({ hasMore: true, lastValue: expect.any(String) });
    await sample('GET', `${priv}/{cId}`, ids, { key: userKey, query: `limit=2&lastValue=${paged.lastValue}` });
    await sample('DELETE', `${v1}/{cId}/messages/{mId}/feedbacks`, ids, { key: userKey });
    await sample('DELETE', `${priv}/{cId}/messages/{mId}/reactions`, ids, { key: userKey, body: { reaction: '👍' } });

    const retried = await sample('POST', `${v1}/{cId}/messages/{mId}/retry`, ids);
    await api.settled(ids.cId, retried.message.sId);
    const edited = await sample('POST', `${priv}/{cId}/messages/{mId}/edit`, { ...ids, mId: posted.message.sId }, {
      key: userKey,
      body: { content: 'And the day after? @dust', mentions: [{ configurationId: 'dust' }] },
    });
    await sample('POST', `${v1}/{cId}/cancel`, ids, { body: { messageIds: [edited.agentMessages[0].sId] } });
    await sample('POST', `${priv}/{cId}/messages/{mId}/mentions`, { ...ids, mId: edited.message.sId }, { key: userKey, body: { type: 'user', id: 'nobody', action: 'rejected' } });
    await sample('DELETE', `${priv}/{cId}/messages/{mId}`, { ...ids, mId: edited.message.sId }, { key: userKey });
    await sample('GET', `${v1}/{cId}`, ids);
    await sample('PATCH', `${v1}/{cId}`, ids, { body: { read: true } });
    await sample('PATCH', `${priv}/{cId}`, ids, { body: { title: 'Renamed' } });

    // Time travel, forking and compaction.
    await sample('GET', `${v1}/{cId}`, ids, { query: `at=${Date.now()}` });
    await sample('GET', `${v1}/{cId}/messages/{mId}`, ids, { query: `at=${Date.now()}` });
    await sample('GET', `${priv}/{cId}/messages/{mId}`, ids);
    await sample('POST', `${priv}/{cId}/fork`, ids, { key: userKey, body: { sourceMessageId: ids.mId } });
    await sample('POST', `${priv}/{cId}/compact`, ids);
    // The cost ledger of the runs above: the conversation's, the workspace's roll-ups, budgets.
    await sample('GET', `${v1}/{cId}/consumption`, ids);
    for (const groupBy of ['user', 'agent', 'conversation', 'fork', 'day']) await sample('GET', '/api/w/{wId}/consumption', ids, { query: `groupBy=${groupBy}` });
    await sample('POST', '/api/w/{wId}/consumption/budgets', ids, { body: { scope: 'workspace', monthlyCredits: 5_000_000_000 } });
    await sample('GET', '/api/w/{wId}/consumption/budgets', ids);
    await sample('GET', `${priv}/{cId}`, ids, { key: userKey });

    // No JSON body: documented without content, answered with nothing.
    expect(validator.responseSchema('DELETE', `${priv}/{cId}`, 200)).toBeNull();
    const deleted = await call(api.t.baseUrl, 'DELETE', `/api/w/${ids.wId}/assistant/conversations/${ids.cId}`, { key: api.key });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: '' });
  });

  it('spaces, data sources, views and documents, on canonical and legacy paths', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    ids.spaceId = (await sample('POST', '/api/w/{wId}/spaces', ids, { body: { name: 'Samples', isRestricted: false } })).space.sId;
    const created = await sample('POST', '/api/w/{wId}/spaces/{spaceId}/data_sources', ids, { body: { name: 'Sampled', description: 'samples' } });
    ids.dsId = created.dataSource.sId;
    ids.dsvId = created.dataSourceView.sId;
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/data_sources', ids);
    await sample('GET', '/api/v1/w/{wId}/data_sources', ids);
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/data_source_views', ids);
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/data_source_views/{dsvId}', ids);
    await sample('PATCH', '/api/v1/w/{wId}/spaces/{spaceId}/data_source_views/{dsvId}', ids, { body: { parentsToAdd: ['p'] } });
    for (const base of ['/api/v1/w/{wId}/spaces/{spaceId}/data_sources/{dsId}', '/api/v1/w/{wId}/data_sources/{dsId}']) {
      ids.documentId = base.includes('spaces') ? 'canonical' : 'legacy';
      const document = `${base}/documents/{documentId}`;
      await sample('POST', document, ids, { body: { section: { prefix: 'P', content: 'text', sections: [] }, source_url: 'https://example.com' } });
      await sample('POST', document, ids, { body: { text: 'light', light_document_output: true } });
      await sample('POST', document, ids, { body: { text: 'async', async: true } });
      await sample('GET', document, ids);
      await sample('GET', `${document}/blob`, ids);
      await sample('GET', `${base}/documents`, ids, { query: 'limit=5' });
      await sample('POST', `${document}/parents`, ids, { body: { parent_id: 'p', parents: [ids.documentId, 'p'] } });
      await sample('POST', `${base}/tokenize`, ids, { body: { text: 'tokens' } });
      ids.folderId = `${ids.documentId}-folder`;
      await sample('POST', `${base}/folders/{folderId}`, ids, { body: { timestamp: 1_700_000_000_000, title: 'Sampled folder', mime_type: 'application/vnd.dust.folder' } });
      await sample('DELETE', `${base}/folders/{folderId}`, ids);
      await sample('DELETE', document, ids);
    }
    await sample('GET', '/api/v1/w/{wId}/data_source_views/search', ids, { query: `vaultId=${ids.spaceId}` });
  });

  it('client-side MCP servers: register, heartbeat, results, deregister', async () => {
    const ids = { wId: api.workspaceId };
    const v1 = '/api/v1/w/{wId}/mcp';
    const { serverId } = await sample('POST', `${v1}/register`, ids, { key: userKey, body: { serverName: 'Sample tools' } });
    await sample('POST', `${v1}/heartbeat`, ids, { key: userKey, body: { serverId } });
    await sample('GET', '/api/w/{wId}/mcp/client_servers', ids, { key: userKey });
    // A run the server is lent to asks it, over its requests stream, to initialize and list its tools.
    const asked = await call(api.t.baseUrl, 'POST', `/api/v1/w/${ids.wId}/assistant/conversations`, {
      key: userKey,
      body: { title: 'Client tools', message: { content: 'Hello', mentions: [{ configurationId: 'dust' }], context: { ...CONTEXT, clientSideMCPServerIds: [serverId] } } },
    });
    expect(asked.status).toBe(200);
    const answered = new Set<string>();
    for (const method of ['initialize', 'tools/list']) {
      const request = await nextMcpRequest(serverId, answered);
      expect(request.method).toBe(method);
      const result =
        method === 'initialize' ? { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'sample', version: '1.0.0' } } : { tools: [] };
      await sample('POST', `${v1}/results`, ids, { key: userKey, body: { serverId, result: { jsonrpc: '2.0', id: request.id, result } } });
      answered.add(request.id);
    }
    const agentMessage = asked.body.conversation.content.flat().find((m: any) => m.type === 'agent_message');
    expect(await new AgentApi(api.t, api.workspaceId, userKey).settled(asked.body.conversation.sId, agentMessage.sId)).toMatchObject({ status: 'succeeded' });
    await sample('POST', `${v1}/deregister`, ids, { key: userKey, body: { serverId } });
  });

  it('search of a view and of a data source, with a found document', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    ids.spaceId = (await sample('POST', '/api/w/{wId}/spaces', ids, { body: { name: 'Searched', isRestricted: false } })).space.sId;
    const created = await sample('POST', '/api/w/{wId}/spaces/{spaceId}/data_sources', ids, { body: { name: 'Searchable' } });
    ids.dsId = created.dataSource.sId;
    ids.dsvId = created.dataSourceView.sId;
    await sample('POST', '/api/v1/w/{wId}/spaces/{spaceId}/data_sources/{dsId}/documents/{documentId}', { ...ids, documentId: 'found' }, { body: { text: 'sampled words' } });
    const query = 'query=sampled&top_k=3&target_document_tokens=100';
    // The search index follows the log: found once it has applied the upsert.
    const searchPath = `/api/v1/w/${ids.wId}/spaces/${ids.spaceId}/data_source_views/${ids.dsvId}/search?${query}`;
    await until(async () => (await call(api.t.baseUrl, 'GET', searchPath, { key: api.key })).body.documents?.length === 1, 10_000);
    const found = await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/data_source_views/{dsvId}/search', ids, { query });
    expect(found.documents).toHaveLength(1);
    await sample('GET', '/api/v1/w/{wId}/spaces/{spaceId}/data_sources/{dsId}/search', ids, { query });
    await sample('GET', '/api/v1/w/{wId}/data_sources/{dsId}/search', ids, { query });
    const nodes = await sample('POST', '/api/v1/w/{wId}/search', ids, { body: { query: 'found', viewType: 'all', spaceIds: [ids.spaceId], includeDataSources: true, limit: 5 } });
    expect(nodes.nodes.map((node: any) => node.internalId)).toEqual(['found']);
    const requested = await call(api.t.baseUrl, 'POST', `/api/v1/w/${ids.wId}/files`, {
      key: api.key,
      body: { contentType: 'text/plain', fileName: 'doc.txt', fileSize: 4, useCase: 'upsert_document' },
    });
    const fileId: string = requested.body.file.sId;
    expect((await postContent(api.t.baseUrl, api.key, `/api/v1/w/${ids.wId}/files/${fileId}`, Buffer.from('file'), 'doc.txt', 'text/plain')).status).toBe(200);
    await sample('POST', '/api/w/{wId}/spaces/{spaceId}/data_sources/{dsId}/files', ids, { body: { fileId } });
  });

  it('files and content fragments: upload request, upload, fragments on both routes', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const requested = await sample('POST', '/api/v1/w/{wId}/files', ids, {
      body: { contentType: 'text/plain', fileName: 'notes.txt', fileSize: 5, useCase: 'conversation' },
    });
    ids.fileId = requested.file.sId;
    const uploadRoute = 'POST /api/v1/w/{wId}/files/{fileId}';
    const uploaded = await postContent(api.t.baseUrl, api.key, `/api/v1/w/${ids.wId}/files/${ids.fileId}`, Buffer.from('notes'), 'notes.txt', 'text/plain');
    expect({ route: uploadRoute, status: uploaded.status }).toEqual({ route: uploadRoute, status: 200 });
    expect({ route: uploadRoute, errors: validator.errors('POST', '/api/v1/w/{wId}/files/{fileId}', 200, uploaded.body) }).toEqual({ route: uploadRoute, errors: [] });
    sampled.add(familyless(uploadRoute));

    const conversation = await call(api.t.baseUrl, 'POST', `/api/v1/w/${ids.wId}/assistant/conversations`, { key: api.key, body: { title: 'files' } });
    ids.cId = conversation.body.conversation.sId;
    const first = await sample('POST', '/api/v1/w/{wId}/assistant/conversations/{cId}/content_fragments', ids, { body: { title: 'notes.txt', fileId: ids.fileId } });
    await sample('POST', '/api/w/{wId}/assistant/conversations/{cId}/content_fragment', ids, {
      body: { title: 'notes.txt', content: 'new notes', contentType: 'text/plain', supersededContentFragmentId: first.contentFragment.contentFragmentId },
    });
  });

  it('tool approval: blocked actions, those waiting for the caller across conversations, and validate-action', async () => {
    // A member's run: its call waits for that member, so the listing across conversations has it.
    const ada = new AgentApi(api.t, api.workspaceId, userKey);
    fake.enqueue({ steps: [{ type: 'tool-call', name: 'send_sample', args: { to: 'ada' } }] }, textScenario(['Sent.']));
    const { conversationId, agentMessageId } = await ada.createConversation('Send it', { agent: sampler });
    const ids = { wId: api.workspaceId, cId: conversationId, mId: agentMessageId };
    let listing: any = { blockedActions: [] };
    for (let attempt = 0; attempt < 200 && listing.blockedActions.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listing = (await call(api.t.baseUrl, 'GET', ada.path(`/${conversationId}/actions/blocked`), { key: userKey })).body;
    }
    const blocked = await sample('GET', '/api/v1/w/{wId}/assistant/conversations/{cId}/actions/blocked', ids, { key: userKey });
    const waiting = await sample('GET', '/api/w/{wId}/assistant/actions/blocked', ids, { key: userKey });
    expect(waiting.blockedActions).toEqual(blocked.blockedActions);
    const [{ actionId }] = blocked.blockedActions;
    await sample('POST', '/api/w/{wId}/assistant/conversations/{cId}/messages/{mId}/validate-action', ids, { key: userKey, body: { actionId, approved: 'approved' } });
    await ada.settled(conversationId, agentMessageId);
  });

  it('an agent question: blocked actions with the question, and answer-question', async () => {
    const created = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
      key: api.key,
      body: { assistant: assistant({ name: 'questioner', toolset: ['ask_user_question'] }) },
    });
    fake.enqueue({ steps: [{ type: 'tool-call', name: 'ask_user_question', args: { question: 'Which?', options: [{ label: 'This' }] } }] }, textScenario(['Chosen.']));
    const { conversationId, agentMessageId } = await api.createConversation('Ask me', { agent: created.body.agentConfiguration.sId });
    const ids = { wId: api.workspaceId, cId: conversationId, mId: agentMessageId };
    let listing: any = { blockedActions: [] };
    for (let attempt = 0; attempt < 200 && listing.blockedActions.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listing = (await call(api.t.baseUrl, 'GET', api.path(`/${conversationId}/actions/blocked`), { key: api.key })).body;
    }
    const [{ actionId }] = (await sample('GET', '/api/v1/w/{wId}/assistant/conversations/{cId}/actions/blocked', ids)).blockedActions;
    await sample('POST', '/api/w/{wId}/assistant/conversations/{cId}/messages/{mId}/answer-question', ids, { body: { actionId, answer: { selectedOptions: [0] } } });
    await api.settled(conversationId, agentMessageId);
  });

  it('tables and rows, on canonical and legacy paths', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    ids.spaceId = (await sample('POST', '/api/w/{wId}/spaces', ids, { body: { name: 'Tables', isRestricted: false } })).space.sId;
    ids.dsId = (await sample('POST', '/api/w/{wId}/spaces/{spaceId}/data_sources', ids, { body: { name: 'Tabled', description: 'tables' } })).dataSource.sId;
    for (const base of ['/api/v1/w/{wId}/spaces/{spaceId}/data_sources/{dsId}', '/api/v1/w/{wId}/data_sources/{dsId}']) {
      ids.tableId = base.includes('spaces') ? 'canonical' : 'legacy';
      await sample('POST', `${base}/tables`, ids, { body: { name: ids.tableId, description: 'd', table_id: ids.tableId } });
      await sample('POST', `${base}/tables/{tableId}/rows`, ids, { body: { rows: [{ row_id: 'r1', value: { n: 1, label: 'a', at: { type: 'datetime', epoch: 1 } } }] } });
      await sample('GET', `${base}/tables`, ids);
      await sample('GET', `${base}/tables/{tableId}`, ids);
      await sample('GET', `${base}/tables/{tableId}/rows`, ids, { query: 'limit=5' });
      ids.rowId = 'r1';
      await sample('GET', `${base}/tables/{tableId}/rows/{rowId}`, ids);
      await sample('POST', `${base}/tables/{tableId}/parents`, ids, { body: { parent_id: 'p', parents: [ids.tableId, 'p'] } });
      await sample('DELETE', `${base}/tables/{tableId}/rows/{rowId}`, ids);
      const bytes = Buffer.from('a,b\n1,x\n');
      const requested = await call(api.t.baseUrl, 'POST', `/api/v1/w/${ids.wId}/files`, { key: api.key, body: { contentType: 'text/csv', fileName: 't.csv', fileSize: bytes.length, useCase: 'upsert_table' } });
      await postContent(api.t.baseUrl, api.key, `/api/v1/w/${ids.wId}/files/${requested.body.file.sId}`, bytes, 't.csv', 'text/csv');
      await sample('POST', `${base}/tables/csv`, ids, { body: { name: `${ids.tableId}-csv`, description: 'csv', fileId: requested.body.file.sId, truncate: true } });
    }
  });

  it('remote MCP servers, MCP server views and conversation tools', async () => {
    const orders = await startRemoteToolServer({ token: 'sample-token' });
    try {
      const ids: Record<string, string> = { wId: api.workspaceId };
      const servers = '/api/v1/w/{wId}/mcp/remote_servers';
      ids.serverId = (await sample('POST', servers, ids, { body: { url: orders.url, headers: { Authorization: 'Bearer sample-token' } } })).server.sId;
      await sample('GET', servers, ids);
      await sample('POST', `${servers}/{serverId}/sync`, ids);
      ids.spaceId = (await sample('POST', '/api/w/{wId}/spaces', ids, { body: { name: 'Tools', isRestricted: false } })).space.sId;
      const views = '/api/v1/w/{wId}/spaces/{spaceId}/mcp_server_views';
      ids.svId = (await sample('POST', views, ids, { body: { serverId: ids.serverId } })).serverView.sId;
      await sample('GET', views, ids);
      ids.cId = (await api.createConversation('Hello')).conversationId;
      await sample('POST', '/api/v1/w/{wId}/assistant/conversations/{cId}/tools', ids, { body: { action: 'add', mcp_server_view_id: ids.svId } });
      await sample('DELETE', `${views}/{svId}`, ids);
      await sample('DELETE', `${servers}/{serverId}`, ids);
    } finally {
      await orders.close();
    }
  });

  it('skills: create, import, version, archive, restore, history; the skills of an agent and of a conversation', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const skills = '/api/v1/w/{wId}/skills';
    ids.sId = (await sample('POST', skills, ids, { body: { name: 'sampled-skill', agentFacingDescription: 'Samples.', instructions: 'Sample carefully.' } })).skillConfiguration.sId;
    await sample('GET', skills, ids, { query: 'status=active' });
    await sample('GET', `${skills}/{sId}`, ids);
    await sample('PATCH', `${skills}/{sId}`, ids, { body: { instructions: 'Sample more carefully.' } });
    await sample('GET', `${skills}/{sId}/history`, ids);
    await sample('DELETE', `${skills}/{sId}`, ids);
    await sample('POST', `${skills}/{sId}/restore`, ids);
    const skillMd = '---\nname: imported-sample\ndescription: Imported.\n---\nFollow the sample.';
    const imported = await postContent(api.t.baseUrl, api.key, `/api/v1/w/${ids.wId}/skills/import`, Buffer.from(skillMd), 'SKILL.md', 'text/markdown');
    expect({ status: imported.status, errors: validator.errors('POST', `${skills}/import`, 200, imported.body) }).toEqual({ status: 200, errors: [] });
    sampled.add(familyless(`POST ${skills}/import`));
    ids.aId = (await call(api.t.baseUrl, 'POST', `/api/w/${ids.wId}/assistant/agent_configurations`, { key: api.key, body: { assistant: assistant({ name: 'skilled' }) } })).body.agentConfiguration.sId;
    await sample('POST', '/api/v1/w/{wId}/assistant/agent_configurations/{aId}/skills', ids, { body: { skillIds: [ids.sId] } });
    await sample('GET', '/api/v1/w/{wId}/assistant/agent_configurations/{aId}/skills', ids);
    ids.cId = (await api.createConversation('Hello')).conversationId;
    await sample('POST', '/api/v1/w/{wId}/assistant/conversations/{cId}/skills', ids, { body: { action: 'enable', skillId: ids.sId } });
    await sample('GET', '/api/v1/w/{wId}/assistant/conversations/{cId}/skills', ids);
  });

  it("triggers: an agent's triggers, a delivery to the hook, its stored deliveries and a re-drive", async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const editorKey = await api.t.createKey(api.workspaceId, 'builder', 'trigger-editor@example.com');
    const agent = await call(api.t.baseUrl, 'POST', `/api/w/${ids.wId}/assistant/agent_configurations`, { key: editorKey, body: { assistant: assistant({ name: 'triggered' }) } });
    ids.aId = agent.body.agentConfiguration.sId;
    const triggers = '/api/w/{wId}/assistant/agent_configurations/{aId}/triggers';
    const trigger = { name: 'On delivery', kind: 'webhook', customPrompt: 'Look at this.', configuration: { includePayload: true } };
    const created = await sample('POST', triggers, ids, { key: editorKey, body: { triggers: [trigger] } });
    ids.tId = created.triggers[0].sId;
    ids.secret = new URL(created.triggers[0].webhook.url).pathname.split('/').at(-1)!;
    await sample('GET', triggers, ids, { key: editorKey });
    await sample('GET', `${triggers}/{tId}`, ids, { key: editorKey });
    await sample('PATCH', `${triggers}/{tId}`, ids, { key: editorKey, body: { ...trigger, configuration: { includePayload: true, filter: '{"action":"opened"}' } } });
    await sample('GET', '/api/v1/w/{wId}/triggers/{tId}', ids, { key: editorKey });
    await sample('POST', '/api/v1/w/{wId}/triggers/hooks/{tId}/{secret}', ids, { key: null, body: { action: 'opened' } });
    await sample('GET', `${triggers}/{tId}/webhook_requests`, ids, { key: editorKey });
    await sample('POST', `${triggers}/{tId}/webhook_requests/redrive`, ids, { key: editorKey, body: { filter: '{"action":"closed"}' } });
    await sample('DELETE', `${triggers}/{tId}`, ids, { key: editorKey });
  });

  it('people: invitations and their acceptance, members, API keys, sign-in and links, sessions, tokens, me, member emails and verified domains', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const invited = await sample('POST', '/api/w/{wId}/invitations', ids, { body: { email: 'sampled@example.com', role: 'builder' } });
    await sample('GET', '/api/w/{wId}/invitations', ids);
    const password = 'a sampled password';
    const accepted = await sampleResponse('POST', '/api/auth/invitations/accept', ids, {
      key: null,
      body: { token: linkToken(invited.url), firstName: 'Sam', lastName: 'Pled', password },
    });
    const session = { secret: parseSetCookie(sessionSetCookie(accepted.headers)!).value, csrfToken: accepted.body.session.csrfToken };
    ids.userId = accepted.body.session.user.sId;
    await sample('GET', '/api/w/{wId}/members', ids, { key: null, headers: browserHeaders(session, false) });
    await sample('PATCH', '/api/w/{wId}/members/{userId}', ids, { body: { role: 'user' } });
    await sample('GET', '/api/v1/w/{wId}/members/emails', ids, { query: 'activeOnly=true' });
    await sample('POST', '/api/w/{wId}/verified_domains', ids, { body: { domain: 'sampled.example.com' } });
    await sample('GET', '/api/v1/w/{wId}/verified_domains', ids);
    ids.domain = 'sampled.example.com';
    await sample('DELETE', '/api/w/{wId}/verified_domains/{domain}', ids);

    await sample('GET', '/api/auth/session', ids, { key: null, headers: browserHeaders(session, false) });
    await sample('GET', '/api/auth/sessions', ids, { key: null, headers: browserHeaders(session, false) });
    await sample('POST', '/api/w/{wId}/keys', ids, { body: { role: 'builder' } });
    await sample('GET', '/api/w/{wId}/keys', ids);
    const token = await sample('POST', '/api/user/tokens', ids, { key: null, headers: browserHeaders(session), body: { name: 'samples', expiresInDays: 30 } });
    await sample('GET', '/api/user/tokens', ids, { key: token.token });
    await sample('GET', '/api/v1/me', ids, { key: token.token });
    await sample('POST', '/api/auth/sign-in', ids, { key: null, body: { email: 'sampled@example.com', password } });
    await sample('GET', '/api/auth/providers', ids, { key: null });
    // Sign-in and reset links are issued by the CLI (and the first start), not over HTTP.
    const reset = await runCli(api.t.dataDir, ['user', 'password-link', '--email', 'sampled@example.com']);
    await sample('POST', '/api/auth/links/use', ids, { key: null, body: { token: linkToken(reset.passwordLink), password: 'another sampled password' } });
  }, 30_000);

  it('subscriptions: create, list, read, pause, resume, replay, list deliveries of and delete an event subscription', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const subscriptions = '/api/w/{wId}/subscriptions';
    const created = await sample('POST', subscriptions, ids, { body: { url: 'https://hooks.example.com/in', events: ['message.posted'], filters: { agentIds: [] } } });
    ids.sId = created.subscription.sId;
    await sample('GET', subscriptions, ids);
    await sample('GET', `${subscriptions}/{sId}`, ids);
    await sample('POST', `${subscriptions}/{sId}/pause`, ids);
    await sample('POST', `${subscriptions}/{sId}/resume`, ids);
    await sample('POST', `${subscriptions}/{sId}/replay`, ids, { body: { from: Date.now() - 60_000 } });
    await sample('GET', `${subscriptions}/{sId}/deliveries`, ids);
    await sample('DELETE', `${subscriptions}/{sId}`, ids);
  });

  it('audit: a page of the trail, filtered', async () => {
    const ids: Record<string, string> = { wId: api.workspaceId };
    const page = await sample('GET', '/api/w/{wId}/audit', ids, { query: 'limit=50' });
    expect(page.entries.length).toBeGreaterThan(0);
    await sample('GET', '/api/w/{wId}/audit', ids, { query: 'kind=api_key.created&limit=1' });
  });

  it('has checked a real answer of every operation with a JSON success body, on one family or the other', () => {
    const documented = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]?.responses?.['200']?.content?.['application/json']).map((method) => familyless(`${method.toUpperCase()} ${path}`)),
    );
    expect([...new Set(documented)].filter((route) => !sampled.has(route)).sort()).toEqual([]);
  });
});
