import { AgentApi, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { registerRemoteServer, LOCAL_MCP_ENV } from './support/remote-mcp-agents';
import { startRemoteToolServer, type RemoteToolServer } from './support/remote-mcp-server';
import { assistant } from './support/agent-assistant-body';
import { call } from './support/test-app';
import { useFakeOpenAI } from './support/use-fake-openai';

/**
 * A skill's tools reach the runs of the conversations that enabled it: an agent with no tools of
 * its own gets the tools of the skill's MCP server view once the skill is enabled, and calls one,
 * in the very run in which the agent enables it itself; an archived skill gives nothing any more.
 */

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

describe('skills: tools of an enabled skill', () => {
  let api: AgentApi;
  let orders: RemoteToolServer;
  let viewId: string;
  let skillId: string;
  let agentId: string;
  const v1 = (suffix: string) => `/api/v1/w/${api.workspaceId}${suffix}`;
  const toolNames = (body: unknown): string[] => ((body as { tools?: { name?: string; function?: { name: string } }[] }).tools ?? []).map((tool) => tool.name ?? tool.function?.name ?? '');

  beforeAll(async () => {
    orders = await startRemoteToolServer();
    api = await AgentApi.start(openAIEnv(openAI.server, { ...LOCAL_MCP_ENV, SECRETS_KEY: '0'.repeat(64) }));
    ({ viewId } = await registerRemoteServer(api.t.baseUrl, api.workspaceId, api.key, orders.url));
    const skill = await call(api.t.baseUrl, 'POST', v1('/skills'), {
      key: api.key,
      body: { name: 'orders', agentFacingDescription: 'Order lookups.', instructions: 'Look orders up before answering.', tools: [{ mcpServerViewId: viewId }] },
    });
    expect(skill.status).toBe(200);
    skillId = skill.body.skillConfiguration.sId;
    const agent = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
      key: api.key,
      body: { assistant: assistant({ name: 'clerk', toolStakes: { tools: { lookup_order: 'never_ask' } } }) },
    });
    agentId = agent.body.agentConfiguration.sId;
  });
  afterAll(async () => {
    await orders?.close();
    await api?.t.close();
  });

  it('the space of the view joins the spaces the skill requests', async () => {
    const skill = await call(api.t.baseUrl, 'GET', v1(`/skills/${skillId}`), { key: api.key });
    expect(skill.body.skillConfiguration.tools).toEqual([{ mcpServerViewId: viewId }]);
    expect(skill.body.skillConfiguration.requestedSpaceIds).toHaveLength(1);
  });

  it('gives the tools of a skill the agent enables mid-run to that same run', async () => {
    const agent = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
      key: api.key,
      body: { assistant: assistant({ name: 'courier', toolStakes: { tools: { lookup_order: 'never_ask' } } }) },
    });
    const courierId = agent.body.agentConfiguration.sId as string;
    expect((await call(api.t.baseUrl, 'POST', v1(`/assistant/agent_configurations/${courierId}/skills`), { key: api.key, body: { skillIds: [skillId] } })).status).toBe(200);
    openAI.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'enable_skill', args: { skillName: 'orders' } }] },
      { steps: [{ type: 'tool-call', name: 'lookup_order', args: { orderId: 'B-2' } }] },
      textScenario(['B-2 shipped.']),
    );
    const before = runRequests(openAI.server).length;
    const callsBefore = orders.calls.length;
    const started = await api.createConversation('Where is B-2?', { agent: courierId });
    expect((await api.settled(started.conversationId, started.agentMessageId)).status).toBe('succeeded');

    const [first, afterEnable, last] = runRequests(openAI.server).slice(before);
    expect(toolNames(first.body)).toContain('enable_skill');
    expect(toolNames(first.body)).not.toContain('lookup_order');
    expect(toolNames(afterEnable.body)).toContain('lookup_order');
    expect(last).toBeDefined();
    expect(orders.calls.slice(callsBefore).map((made) => made.name)).toEqual(['lookup_order']);
  });

  it('gives its tools to the runs of a conversation that enabled it, and none once archived', async () => {
    openAI.server.enqueue(textScenario(['Hello.']));
    let before = runRequests(openAI.server).length;
    const started = await api.createConversation('Hi', { agent: agentId });
    await api.settled(started.conversationId, started.agentMessageId);
    expect(toolNames(runRequests(openAI.server)[before].body)).not.toContain('lookup_order');

    const enabled = await call(api.t.baseUrl, 'POST', v1(`/assistant/conversations/${started.conversationId}/skills`), { key: api.key, body: { action: 'enable', skillId } });
    expect(enabled.status).toBe(200);
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'lookup_order', args: { orderId: 'A-1' } }] }, textScenario(['A-1 shipped.']));
    before = runRequests(openAI.server).length;
    const next = await api.postMessage(started.conversationId, 'Where is A-1?', agentId);
    expect((await api.settled(started.conversationId, next.agentMessageId)).status).toBe('succeeded');
    const request = runRequests(openAI.server)[before];
    expect(toolNames(request.body)).toContain('lookup_order');
    expect(sentText(request.body)).toContain('Look orders up before answering.');
    expect(orders.calls.map((made) => made.name)).toContain('lookup_order');

    expect((await call(api.t.baseUrl, 'DELETE', v1(`/skills/${skillId}`), { key: api.key })).status).toBe(200);
    openAI.server.enqueue(textScenario(['No tools.']));
    before = runRequests(openAI.server).length;
    const last = await api.postMessage(started.conversationId, 'And now?', agentId);
    await api.settled(started.conversationId, last.agentMessageId);
    expect(toolNames(runRequests(openAI.server)[before].body)).not.toContain('lookup_order');
    expect(sentText(runRequests(openAI.server)[before].body)).not.toContain('Look orders up before answering.');
  });
});
