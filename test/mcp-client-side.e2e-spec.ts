import { EVENT_STORE, type EventStore } from '@app/storage';
import { textScenario, CONTEXT, payloads, runRequests, sentText, AgentApi, openAIEnv } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { assistant } from './support/agent-assistant-body';
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

  /** Posts a message lending `serverIds`; `skip` posts it with `skipToolsValidation` (no call waits for approval). */
  async function ask(content: string, serverIds: string[], options: { skip?: boolean; agent?: string } = {}): Promise<{ conversationId: string; agentMessageId: string }> {
    const response = await call(api.t.baseUrl, 'POST', api.path(), {
      key: userKey,
      body: {
        title: 'Tools',
        message: { content, mentions: [{ configurationId: options.agent ?? 'dust' }], context: { ...CONTEXT, clientSideMCPServerIds: serverIds } },
        ...(options.skip ? { skipToolsValidation: true } : {}),
      },
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
    const { conversationId, agentMessageId } = await ask('What is 2 + 40?', [tools.serverId], { skip: true });
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

  /** The message's first `tool_approve_execution`, or null when the stream ends without one. */
  async function approvalOf(conversationId: string, agentMessageId: string): Promise<any> {
    const { frames } = await api.events(conversationId, agentMessageId, {
      stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
    });
    return payloads(frames).find((payload) => payload.type === 'tool_approve_execution') ?? null;
  }

  function validate(conversationId: string, agentMessageId: string, actionId: string, approved: string) {
    return call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${agentMessageId}/validate-action`), { key: userKey, body: { actionId, approved } });
  }

  it('a tool the server does not mark read-only waits for approval (high), as a remote one does, and runs once approved', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'add', args: { a: 1, b: 2 } }] }, textScenario(['It is 3.']));
    const before = tools.calls.length;
    const { conversationId, agentMessageId } = await ask('What is 1 + 2?', [tools.serverId]);
    const approval = await approvalOf(conversationId, agentMessageId);
    expect(approval).toMatchObject({ stake: 'high', inputs: { a: 1, b: 2 }, metadata: { toolName: 'add', mcpServerId: tools.serverId } });
    expect(tools.calls.slice(before)).toEqual([]);

    expect(await validate(conversationId, agentMessageId, approval.actionId, 'approved')).toMatchObject({ status: 200 });
    const message = await api.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'It is 3.' });
    expect(message.actions[0]).toMatchObject({ sId: approval.actionId, functionCallName: 'add', status: 'succeeded' });
    expect(tools.calls.slice(before)).toEqual([{ name: 'add', args: { a: 1, b: 2 } }]);
  }, 30_000);

  it('a read-only tool is low (asked until always approved), and the agent\'s toolStakes override the defaults', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'lookup_word', args: { word: 'cat' } }] }, textScenario(['Rejected.']));
    const low = await ask('Look cat up', [tools.serverId]);
    const approval = await approvalOf(low.conversationId, low.agentMessageId);
    expect(approval).toMatchObject({ stake: 'low', metadata: { toolName: 'lookup_word' } });
    expect(await validate(low.conversationId, low.agentMessageId, approval.actionId, 'rejected')).toMatchObject({ status: 200 });
    expect(await api.settled(low.conversationId, low.agentMessageId, 20_000)).toMatchObject({ status: 'succeeded' });
    expect(tools.calls).not.toContainEqual({ name: 'lookup_word', args: { word: 'cat' } });

    const created = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
      key: api.key,
      body: { assistant: assistant({ name: 'trusting', toolStakes: { servers: { [tools.serverId]: 'never_ask' } } }) },
    });
    expect(created.status).toBe(200);
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'add', args: { a: 5, b: 5 } }] }, textScenario(['Ten.']));
    const trusted = await ask('What is 5 + 5?', [tools.serverId], { agent: created.body.agentConfiguration.sId });
    expect(await api.settled(trusted.conversationId, trusted.agentMessageId, 20_000)).toMatchObject({ status: 'succeeded', content: 'Ten.' });
    expect(tools.calls).toContainEqual({ name: 'add', args: { a: 5, b: 5 } });
  }, 30_000);

  it('records the wait for a tools/call before the server can see it: a run stopped while recording it sends nothing', async () => {
    const store = api.t.app.get<EventStore>(EVENT_STORE);
    const original = store.append;
    const append = original.bind(store);
    let sentBeforeWait: boolean | null = null;
    // The process dies while the wait is being recorded: what can the server have seen by then?
    store.append = async (streamName, events, expected, options) => {
      const wait = events.find((event) => event.type === 'AgentToolCallWaiting');
      if (wait === undefined) return append(streamName, events, expected, options);
      const { requestId } = (wait.data as { wait: { requestId: string } }).wait;
      sentBeforeWait = (await store.readAll()).some((event) => event.type === 'McpRequestSent' && (event.data as { requestId: unknown }).requestId === requestId);
      throw new Error('the process died here');
    };
    try {
      openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'add', args: { a: 3, b: 4 } }] }, textScenario(['No sum.']));
      const { conversationId, agentMessageId } = await ask('What is 3 + 4?', [tools.serverId], { skip: true });
      const message = await api.settled(conversationId, agentMessageId, 20_000);
      expect(sentBeforeWait).toBe(false);
      expect(message.actions[0]).toMatchObject({ functionCallName: 'add', status: 'errored' });
      expect(tools.calls).not.toContainEqual({ name: 'add', args: { a: 3, b: 4 } });
    } finally {
      store.append = original;
    }
  }, 30_000);

  it('a server that does not answer in time fails that call with a clear error, and the run goes on', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'never_answers', args: { question: 'why?' } }] }, textScenario(['No answer came.']));
    const { conversationId, agentMessageId } = await ask('Ask it', [tools.serverId], { skip: true });
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
