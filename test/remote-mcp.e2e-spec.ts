import { randomBytes } from 'node:crypto';
import { AgentApi, allEvents, CONTEXT, openAIEnv, payloads, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { assistant } from './support/agent-assistant-body';
import { officialClient, unwrapResult } from './support/official-client';
import { startRemoteToolServer, type RemoteToolServer } from './support/remote-mcp-server';
import { call } from './support/test-app';
import { filesUnder } from './support/data-dir-files';

/**
 * Remote MCP servers end to end: an `McpServer` of the MCP SDK on a local port (streamable HTTP,
 * bearer token), registered by an admin, put in a space by a view, called by agents (fake
 * OpenAI-compatible model) through the approval flow, and added to single conversations.
 */

jest.setTimeout(60_000);

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const openAI = useFakeOpenAI();

describe('remote MCP servers', () => {
  let api: AgentApi;
  let admin: string;
  let userKey: string;
  let orders: RemoteToolServer;
  let serverId: string;
  let spaceId: string;
  let viewId: string;
  let agentId: string;
  let trustingAgentId: string;

  const w = (suffix: string) => `/api/w/${api.workspaceId}${suffix}`;
  const v1 = (suffix: string) => `/api/v1/w/${api.workspaceId}${suffix}`;

  beforeAll(async () => {
    orders = await startRemoteToolServer({ token: TOKEN });
    api = await AgentApi.start(
      openAIEnv(openAI.server, {
        MCP_ALLOW_PRIVATE_NETWORKS: 'true',
        SECRETS_KEY: randomBytes(32).toString('base64'),
        MCP_REMOTE_CALL_TIMEOUT_MS: '1500',
        MCP_REMOTE_MAX_RESULT_BYTES: '65536',
      }),
    );
    admin = api.key;
    userKey = await api.t.createKey(api.workspaceId, 'user', 'ada@example.com');
  });
  afterAll(async () => {
    await orders?.close();
    await api?.t.close();
  });

  async function createAgent(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await call(api.t.baseUrl, 'POST', w('/assistant/agent_configurations'), {
      key: admin,
      body: { assistant: assistant({ name, actions: [{ type: 'mcp_server_configuration', mcpServerViewId: viewId }], ...extra }) },
    });
    expect(created.status).toBe(200);
    return created.body.agentConfiguration.sId;
  }

  async function ask(content: string, agent: string, key = userKey) {
    const response = await call(api.t.baseUrl, 'POST', api.path(), {
      key,
      body: { title: 'Orders', message: { content, mentions: [{ configurationId: agent }], context: CONTEXT } },
    });
    expect(response.status).toBe(200);
    const agentMessage = response.body.conversation.content.flat().find((m: any) => m.type === 'agent_message');
    return { conversationId: response.body.conversation.sId as string, agentMessageId: agentMessage.sId as string };
  }

  async function approvalOf(conversationId: string, agentMessageId: string): Promise<any> {
    const { frames } = await new AgentApi(api.t, api.workspaceId, userKey).events(conversationId, agentMessageId, {
      stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
    });
    return payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
  }

  function validate(conversationId: string, messageId: string, actionId: string, approved: string) {
    return call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${messageId}/validate-action`), { key: userKey, body: { actionId, approved } });
  }

  const settled = (conversationId: string, messageId: string) => new AgentApi(api.t, api.workspaceId, userKey).settled(conversationId, messageId, 20_000);

  it('admins register a server with a bearer token: its tools are listed, the token never comes back nor is stored in clear', async () => {
    const builder = await api.t.createKey(api.workspaceId, 'builder');
    const refused = await call(api.t.baseUrl, 'POST', v1('/mcp/remote_servers'), { key: builder, body: { url: orders.url } });
    expect(refused).toMatchObject({ status: 403, body: { error: { type: 'workspace_auth_error' } } });
    const unauthorized = await call(api.t.baseUrl, 'POST', v1('/mcp/remote_servers'), { key: admin, body: { url: orders.url } });
    expect(unauthorized).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(unauthorized.body.error.message).toContain('Could not list the tools');
    const badHeaders = await call(api.t.baseUrl, 'POST', v1('/mcp/remote_servers'), { key: admin, body: { url: orders.url, headers: { Authorization: 42 } } });
    expect(badHeaders.status).toBe(400);

    const registered = await call(api.t.baseUrl, 'POST', v1('/mcp/remote_servers'), {
      key: admin,
      body: { url: orders.url, headers: { Authorization: `Bearer ${TOKEN}` } },
    });
    expect(registered.status).toBe(200);
    serverId = registered.body.server.sId;
    expect(serverId).toMatch(/^rms_/);
    expect(registered.body.server).toMatchObject({ url: orders.url, name: 'orders', version: '2.1.0', headerNames: ['Authorization'] });
    expect(registered.body.server.tools.map((tool: any) => [tool.name, tool.readOnly])).toEqual([
      ['lookup_order', true],
      ['cancel_order', false],
      ['hang', false],
      ['huge_report', false],
    ]);
    expect(orders.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);

    const listed = await call(api.t.baseUrl, 'GET', w('/mcp/remote_servers'), { key: builder });
    expect(listed.status).toBe(200);
    expect(listed.body.servers.map((server: any) => server.sId)).toEqual([serverId]);
    const synced = await call(api.t.baseUrl, 'POST', v1(`/mcp/remote_servers/${serverId}/sync`), { key: admin });
    expect(synced.status).toBe(200);
    expect(synced.body.server.syncedAt).toBeGreaterThanOrEqual(registered.body.server.syncedAt);
    for (const response of [registered, listed, synced]) expect(JSON.stringify(response.body)).not.toContain(TOKEN);

    const stored = (await allEvents(api)).filter((event) => event.type === 'RemoteMcpServerRegistered');
    expect(stored).toHaveLength(1);
    expect(stored[0].data.headers[0].sealedValue).toMatch(/^v1\./);
    expect(JSON.stringify(await allEvents(api))).not.toContain(TOKEN);
    for (const bytes of filesUnder(api.t.dataDir)) expect(bytes.includes(TOKEN)).toBe(false);
  });

  it('admins put the server in a space; the official client lists the view', async () => {
    const space = await call(api.t.baseUrl, 'POST', w('/spaces'), { key: admin, body: { name: 'Support', isRestricted: false } });
    expect(space.status).toBe(200);
    spaceId = space.body.space.sId;
    const refused = await call(api.t.baseUrl, 'POST', v1(`/spaces/${spaceId}/mcp_server_views`), { key: userKey, body: { serverId } });
    expect(refused.status).toBe(403);
    const unknown = await call(api.t.baseUrl, 'POST', v1(`/spaces/${spaceId}/mcp_server_views`), { key: admin, body: { serverId: 'rms_nope' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: { type: 'mcp_server_not_found' } } });
    const created = await call(api.t.baseUrl, 'POST', v1(`/spaces/${spaceId}/mcp_server_views`), { key: admin, body: { serverId } });
    expect(created.status).toBe(200);
    viewId = created.body.serverView.sId;
    expect(viewId).toMatch(/^msv_/);

    const views = unwrapResult(await officialClient(api.t.baseUrl, api.workspaceId, userKey).getMCPServerViews(spaceId, true));
    expect(views).toEqual([
      expect.objectContaining({
        sId: viewId,
        spaceId,
        serverType: 'remote',
        server: expect.objectContaining({ sId: serverId, name: 'orders', availability: 'manual', authorization: null }),
      }),
    ]);
    expect(views[0].server.tools.map((tool) => tool.name)).toEqual(['lookup_order', 'cancel_order', 'hang', 'huge_report']);
    const missing = await officialClient(api.t.baseUrl, api.workspaceId, userKey).getMCPServerViews('vlt_nope');
    expect(missing.isErr()).toBe(true);

    agentId = await createAgent('orders');
    trustingAgentId = await createAgent('trusting', { toolStakes: { servers: { [serverId]: 'never_ask' } } });
    const agent = await call(api.t.baseUrl, 'GET', w(`/assistant/agent_configurations/${agentId}?variant=full`), { key: admin });
    expect(agent.body.agentConfiguration.actions).toEqual([expect.objectContaining({ mcpServerViewId: viewId })]);
  });

  it('an agent calls a writing tool after approval; the server gets the token', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'cancel_order', args: { orderId: 'A-1' } }] }, textScenario(['Cancelled.']));
    const { conversationId, agentMessageId } = await ask('Cancel A-1', agentId);
    const approval = await approvalOf(conversationId, agentMessageId);
    expect(approval).toMatchObject({ stake: 'high', inputs: { orderId: 'A-1' }, metadata: { toolName: 'cancel_order', mcpServerName: 'orders', mcpServerId: serverId } });
    expect(orders.calls).toEqual([]);
    expect(await validate(conversationId, agentMessageId, approval.actionId, 'approved')).toMatchObject({ status: 200 });
    const message = await settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Cancelled.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'cancel_order', status: 'succeeded', output: [{ type: 'text', text: 'Order A-1 cancelled.' }] });
    expect(orders.calls).toEqual([{ name: 'cancel_order', args: { orderId: 'A-1' } }]);
    expect(orders.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
  });

  it('a rejected call never reaches the server; the model hears the refusal', async () => {
    orders.calls.length = 0;
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'cancel_order', args: { orderId: 'A-2' } }] }, textScenario(['Not cancelled.']));
    const { conversationId, agentMessageId } = await ask('Cancel A-2', agentId);
    const approval = await approvalOf(conversationId, agentMessageId);
    await validate(conversationId, agentMessageId, approval.actionId, 'rejected');
    expect(await settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Not cancelled.' });
    expect(orders.calls).toEqual([]);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('declined the call of cancel_order');
  });

  it('always_approved on a read-only (low stake) tool is remembered: the next call runs at once', async () => {
    orders.calls.length = 0;
    const lookup = (answer: string) => [{ steps: [{ type: 'tool-call' as const, name: 'lookup_order', args: { orderId: 'B-7' } }] }, textScenario([answer])];
    openAI.server.enqueue(...lookup('Shipped.'));
    const first = await ask('Where is B-7?', agentId);
    const approval = await approvalOf(first.conversationId, first.agentMessageId);
    expect(approval).toMatchObject({ stake: 'low' });
    await validate(first.conversationId, first.agentMessageId, approval.actionId, 'always_approved');
    expect(await settled(first.conversationId, first.agentMessageId)).toMatchObject({ status: 'succeeded' });
    openAI.server.enqueue(...lookup('Still shipped.'));
    const second = await ask('And now?', agentId);
    expect(await settled(second.conversationId, second.agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Still shipped.' });
    expect(orders.calls.map((c) => c.name)).toEqual(['lookup_order', 'lookup_order']);
  });

  it('a server that hangs fails the call after the timeout, and the run finishes', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'hang', args: {} }] }, textScenario(['It did not answer.']));
    const { conversationId, agentMessageId } = await ask('Wait for it', trustingAgentId);
    const message = await settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'It did not answer.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'hang', status: 'errored' });
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('did not answer in time');
  });

  it('a result above the size limit fails that call with a clear error', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'huge_report', args: {} }] }, textScenario(['Too long.']));
    const { conversationId, agentMessageId } = await ask('Report', trustingAgentId);
    const message = await settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Too long.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'huge_report', status: 'errored' });
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('exceeds the limit of 65536 bytes');
  });

  it('a server that is down fails its calls cleanly; the run goes on', async () => {
    const flaky = await startRemoteToolServer();
    const registered = await call(api.t.baseUrl, 'POST', v1('/mcp/remote_servers'), { key: admin, body: { url: flaky.url } });
    expect(registered.status).toBe(200);
    const view = await call(api.t.baseUrl, 'POST', v1(`/spaces/${spaceId}/mcp_server_views`), { key: admin, body: { serverId: registered.body.server.sId } });
    const agent = await call(api.t.baseUrl, 'POST', w('/assistant/agent_configurations'), {
      key: admin,
      body: { assistant: assistant({ name: 'flaky', actions: [{ mcpServerViewId: view.body.serverView.sId }], toolStakes: { servers: { [registered.body.server.sId]: 'never_ask' } } }) },
    });
    await flaky.close();
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'lookup_order', args: { orderId: 'C-3' } }] }, textScenario(['The server is down.']));
    const { conversationId, agentMessageId } = await ask('Where is C-3?', agent.body.agentConfiguration.sId);
    const message = await settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'The server is down.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'lookup_order', status: 'errored' });
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('could not be reached');
    const stale = await call(api.t.baseUrl, 'POST', v1(`/mcp/remote_servers/${registered.body.server.sId}/sync`), { key: admin });
    expect(stale).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    const removed = await call(api.t.baseUrl, 'DELETE', v1(`/mcp/remote_servers/${registered.body.server.sId}`), { key: admin });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    const views = unwrapResult(await officialClient(api.t.baseUrl, api.workspaceId, userKey).getMCPServerViews(spaceId));
    expect(views.map((candidate) => candidate.sId)).toEqual([viewId]);
  });

  it('a member adds a view to one conversation: the agents there get its tools, until it is removed', async () => {
    const client = officialClient(api.t.baseUrl, api.workspaceId, userKey);
    openAI.server.enqueue(textScenario(['Hello.']));
    const { conversationId, agentMessageId } = await ask('Hi', 'dust');
    await settled(conversationId, agentMessageId);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).not.toContain('lookup_order');

    const added = await client.postConversationTools({ conversationId, action: 'add', mcpServerViewId: viewId });
    expect(unwrapResult(added)).toEqual({ success: true });
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'lookup_order', args: { orderId: 'D-4' } }] }, textScenario(['D-4 shipped.']));
    const tools = new AgentApi(api.t, api.workspaceId, userKey);
    const withTools = await tools.postMessage(conversationId, 'Where is D-4?');
    const message = await settled(conversationId, withTools.agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'D-4 shipped.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'lookup_order', status: 'succeeded', mcpServerId: serverId });

    const removed = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/tools`), { key: userKey, body: { action: 'delete', mcp_server_view_id: viewId } });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    openAI.server.enqueue(textScenario(['No tools.']));
    const without = await tools.postMessage(conversationId, 'Again?');
    await settled(conversationId, without.agentMessageId);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).not.toContain('lookup_order');
  });

  it('conversation tools answer the errors the reference gives', async () => {
    openAI.server.enqueue(textScenario(['Hello.']));
    const { conversationId } = await ask('Hi', 'dust');
    const post = (key: string, cId: string, body: unknown) => call(api.t.baseUrl, 'POST', api.path(`/${cId}/tools`), { key, body });
    expect(await post(userKey, conversationId, { action: 'add', mcp_server_view_id: 'msv_nope' })).toMatchObject({
      status: 404,
      body: { error: { type: 'mcp_server_view_not_found' } },
    });
    expect(await post(userKey, 'nope', { action: 'add', mcp_server_view_id: viewId })).toMatchObject({ status: 404, body: { error: { type: 'conversation_not_found' } } });
    expect((await post(userKey, conversationId, { action: 'replace', mcp_server_view_id: viewId })).status).toBe(400);
    expect((await post(userKey, conversationId, { action: 'add' })).status).toBe(400);
    const unbound = await api.t.createKey(api.workspaceId, 'builder');
    expect(await post(unbound, conversationId, { action: 'add', mcp_server_view_id: viewId })).toMatchObject({ status: 401, body: { error: { type: 'not_authenticated' } } });
    expect(await post(admin, conversationId, { action: 'add', mcp_server_view_id: viewId })).toMatchObject({ status: 200, body: { success: true } });
  });

  it('views of a restricted space reach only its members; deleting a view takes the tools away', async () => {
    const locked = await call(api.t.baseUrl, 'POST', w('/spaces'), { key: admin, body: { name: 'Locked', isRestricted: true, memberIds: [] } });
    const view = await call(api.t.baseUrl, 'POST', v1(`/spaces/${locked.body.space.sId}/mcp_server_views`), { key: admin, body: { serverId } });
    expect(view.status).toBe(200);
    const lockedAgent = await call(api.t.baseUrl, 'POST', w('/assistant/agent_configurations'), {
      key: admin,
      body: { assistant: assistant({ name: 'locked', actions: [{ mcpServerViewId: view.body.serverView.sId }] }) },
    });
    openAI.server.enqueue(textScenario(['No tools for you.']));
    const { conversationId, agentMessageId } = await ask('Hi', lockedAgent.body.agentConfiguration.sId);
    await settled(conversationId, agentMessageId);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).not.toContain('lookup_order');
    const hidden = await call(api.t.baseUrl, 'GET', v1(`/spaces/${locked.body.space.sId}/mcp_server_views`), { key: userKey });
    expect(hidden).toMatchObject({ status: 404, body: { error: { type: 'space_not_found' } } });

    const deleted = await call(api.t.baseUrl, 'DELETE', v1(`/spaces/${spaceId}/mcp_server_views/${viewId}`), { key: admin });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    const again = await call(api.t.baseUrl, 'DELETE', v1(`/spaces/${spaceId}/mcp_server_views/${viewId}`), { key: admin });
    expect(again).toMatchObject({ status: 404, body: { error: { type: 'mcp_server_view_not_found' } } });
    openAI.server.enqueue(textScenario(['Gone.']));
    const after = await ask('Cancel A-9', agentId);
    await settled(after.conversationId, after.agentMessageId);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).not.toContain('cancel_order');
  });
});

describe('remote MCP servers: tools listed again when stale', () => {
  let api: AgentApi;
  let server: RemoteToolServer;
  beforeAll(async () => {
    server = await startRemoteToolServer();
    api = await AgentApi.start(openAIEnv(openAI.server, { MCP_ALLOW_PRIVATE_NETWORKS: 'true', MCP_REMOTE_TOOLS_STALE_AFTER_MS: '1000' }));
  });
  afterAll(async () => {
    await server?.close();
    await api?.t.close();
  });

  it('a run lists the tools of a server whose last listing is older than the configured age first', async () => {
    const v1 = (suffix: string) => `/api/v1/w/${api.workspaceId}${suffix}`;
    const registered = await call(api.t.baseUrl, 'POST', v1('/mcp/remote_servers'), { key: api.key, body: { url: server.url } });
    const serverId = registered.body.server.sId;
    const space = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/spaces`, { key: api.key, body: { name: 'Tools', isRestricted: false } });
    const view = await call(api.t.baseUrl, 'POST', v1(`/spaces/${space.body.space.sId}/mcp_server_views`), { key: api.key, body: { serverId } });
    const agent = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
      key: api.key,
      body: { assistant: assistant({ name: 'fresh', actions: [{ mcpServerViewId: view.body.serverView.sId }] }) },
    });
    server.extraTools.push('archive_order');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    openAI.server.enqueue(textScenario(['Listed.']));
    const { conversationId, agentMessageId } = await api.createConversation('Hi', { agent: agent.body.agentConfiguration.sId });
    expect(await api.settled(conversationId, agentMessageId, 20_000)).toMatchObject({ status: 'succeeded' });
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('archive_order');
    const listed = await call(api.t.baseUrl, 'GET', v1('/mcp/remote_servers'), { key: api.key });
    expect(listed.body.servers[0].tools.map((tool: any) => tool.name)).toContain('archive_order');
    expect(listed.body.servers[0].syncedAt).toBeGreaterThan(registered.body.server.syncedAt);
  });
});
