import { textScenario, CONTEXT, payloads, runRequests, sentText, AgentApi, openAIEnv } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/agent-loop-harness';
import { connectToolServer, type ConnectedToolServer } from './support/mcp-tool-server';
import { call } from './support/test-app';

/**
 * Client-side MCP servers end to end with the real parts: an `McpServer` of the MCP SDK, connected
 * through the official client's `DustMcpServerTransport`, and an agent (fake OpenAI-compatible
 * model) that calls its tools.
 */
describe('client-side MCP servers: agents call their tools', () => {
  const openAI = useFakeOpenAI();
  let api: AgentApi;
  let userKey: string;
  let tools: ConnectedToolServer;

  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { MCP_CALL_TIMEOUT_MS: '1500' }));
    userKey = await api.t.createKey(api.workspaceId, 'user', 'ada@example.com');
    tools = await connectToolServer(api.t.baseUrl, api.workspaceId, userKey);
  });
  afterAll(async () => {
    await tools?.close();
    await api?.t.close();
  });

  async function ask(content: string, serverIds: string[]): Promise<{ conversationId: string; agentMessageId: string }> {
    const response = await call(api.t.baseUrl, 'POST', api.path(), {
      key: userKey,
      body: { title: 'Tools', message: { content, mentions: [{ configurationId: 'dust' }], context: { ...CONTEXT, clientSideMCPServerIds: serverIds } } },
    });
    if (response.status !== 200) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
    const agent = response.body.conversation.content.flat().find((m: any) => m.type === 'agent_message');
    return { conversationId: response.body.conversation.sId, agentMessageId: agent.sId };
  }

  it('registers through the official transport under a slug of its name', () => {
    expect(tools.serverId).toBe('mcp-client-side:test_tools');
  });

  it('an agent lists the tools over the stream, calls one, and answers with its result', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'add', args: { a: 2, b: 40 } }] }, textScenario(['The answer is 42.']));
    const { conversationId, agentMessageId } = await ask('What is 2 + 40?', [tools.serverId]);
    const message = await api.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'The answer is 42.' });
    expect(tools.calls).toContainEqual({ name: 'add', args: { a: 2, b: 40 } });

    const [first, second] = runRequests(openAI.server);
    const offered = JSON.stringify(first.body);
    expect(offered).toContain('"add"');
    expect(offered).toContain('never_answers');
    expect(sentText(second.body)).toContain('The sum is 42.');

    expect(message.actions).toHaveLength(1);
    expect(message.actions[0]).toMatchObject({
      functionCallName: 'add',
      params: { a: 2, b: 40 },
      status: 'succeeded',
      mcpServerId: tools.serverId,
      output: [{ type: 'text', text: 'The sum is 42.' }],
    });
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(payloads(frames).map((p) => p.type)).toEqual(expect.arrayContaining(['tool_params', 'agent_action_success', 'agent_message_success']));
  }, 30_000);

  it('a server that does not answer in time fails that call with a clear error, and the run goes on', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'never_answers', args: { question: 'why?' } }] }, textScenario(['No answer came.']));
    const { conversationId, agentMessageId } = await ask('Ask it', [tools.serverId]);
    const message = await api.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'No answer came.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'never_answers', status: 'errored' });
    expect(sentText(runRequests(openAI.server)[1].body)).toMatch(/did not answer tools\/call within/);
  }, 30_000);

  it('a message naming a server that is not live, or a key not bound to a user, is refused before anything is written', async () => {
    const unknown = await call(api.t.baseUrl, 'POST', api.path(), {
      key: userKey,
      body: { title: 'Tools', message: { content: 'Hello', mentions: [{ configurationId: 'dust' }], context: { ...CONTEXT, clientSideMCPServerIds: ['mcp-client-side:nobody_here'] } } },
    });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.type).toBe('mcp_auth_error');
    const unbound = await call(api.t.baseUrl, 'POST', api.path(), {
      key: api.key,
      body: { title: 'Tools', message: { content: 'Hello', mentions: [{ configurationId: 'dust' }], context: { ...CONTEXT, clientSideMCPServerIds: [tools.serverId] } } },
    });
    expect(unbound.status).toBe(401);
    expect(unbound.body.error.type).toBe('user_not_found');
    expect(openAI.server.requests).toHaveLength(0);
  });

  it('a message without servers offers the agent none of their tools', async () => {
    openAI.server.enqueue(textScenario(['Plain answer.']));
    const { conversationId, agentMessageId } = await ask('Hello', []);
    expect(await api.settled(conversationId, agentMessageId, 20_000)).toMatchObject({ status: 'succeeded', content: 'Plain answer.' });
    expect(JSON.stringify(runRequests(openAI.server)[0].body)).not.toContain('never_answers');
  }, 30_000);
});
