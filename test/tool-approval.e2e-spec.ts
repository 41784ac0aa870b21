import { AgentApi, CONTEXT, openAIEnv, payloads, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { assistant } from './support/agent-assistant-body';
import { startMailServer } from './support/mail-tools';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer, type RegisteredServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call } from './support/test-app';

// Tool calls that wait for a person: the stream announces them, the blocked-actions listing shows
// them, validate-action answers them; rejected calls reach the model as a refusal. The tools are
// those of a remote MCP server (`mail`) registered over HTTP, used by an agent made over HTTP.

jest.setTimeout(30_000);

const openAI = useFakeOpenAI();

let mail: RemoteToolServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(() => mail.close());
beforeEach(() => (mail.calls.length = 0));

const sentToAda = { name: 'send_email', args: { to: 'ada@example.com' } };

/** Registers the mail server in the app's workspace (admin key) and creates an agent that uses it. */
async function mailerOn(api: AgentApi, adminKey: string): Promise<{ server: RegisteredServer; agent: string }> {
  const server = await registerRemoteServer(api.t.baseUrl, api.workspaceId, adminKey, mail.url);
  return { server, agent: await createAgentWithView(api.t.baseUrl, api.workspaceId, adminKey, server.viewId, { name: 'mailer' }) };
}

const toolCallThenText = (answer: string) => [
  { steps: [{ type: 'tool-call' as const, name: 'send_email', args: { to: 'ada@example.com' } }] },
  textScenario([answer]),
];

async function blockedRun(api: AgentApi, agent: string, content = 'Mail Ada') {
  const { conversationId, agentMessageId } = await api.createConversation(content, { agent });
  const { frames } = await api.events(conversationId, agentMessageId, {
    stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
  });
  const approval = payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
  return { conversationId, agentMessageId, approval };
}

function validate(api: AgentApi, conversationId: string, messageId: string, body: unknown) {
  return call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${messageId}/validate-action`), { key: api.key, body });
}

function blocked(api: AgentApi, conversationId: string) {
  return call(api.t.baseUrl, 'GET', api.path(`/${conversationId}/actions/blocked`), { key: api.key });
}

async function waitForBlocked(api: AgentApi, conversationId: string): Promise<any[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const listing = (await blocked(api, conversationId)).body.blockedActions;
    if (listing.length > 0) return listing;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

describe('tool approval', () => {
  let api: AgentApi;
  let admin: string;
  let server: RegisteredServer;
  let mailer: string;
  beforeAll(async () => {
    const started = await AgentApi.start(openAIEnv(openAI.server, LOCAL_MCP_ENV));
    admin = started.key;
    // A key bound to a member: `always_approved` is remembered for a user.
    api = new AgentApi(started.t, started.workspaceId, await started.t.createKey(started.workspaceId, 'user', 'ada@example.com'));
    ({ server, agent: mailer } = await mailerOn(api, admin));
  });
  afterAll(() => api.t.close());

  it('blocks a writing tool until approved, lists it meanwhile, then runs it', async () => {
    openAI.server.enqueue(...toolCallThenText('Done.'));
    const { conversationId, agentMessageId, approval } = await blockedRun(api, mailer);
    expect(approval).toMatchObject({
      conversationId,
      messageId: agentMessageId,
      inputs: { to: 'ada@example.com' },
      stake: 'high',
      metadata: { toolName: 'send_email', mcpServerName: 'mail', mcpServerId: server.serverId },
    });
    expect(mail.calls).toEqual([]);

    const listing = await blocked(api, conversationId);
    expect(listing.status).toBe(200);
    expect(listing.body.blockedActions).toEqual([
      expect.objectContaining({ actionId: approval.actionId, messageId: agentMessageId, status: 'blocked_validation_required', stake: 'high' }),
    ]);

    const answered = await validate(api, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'approved' });
    expect(answered).toMatchObject({ status: 200, body: { success: true } });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Done.' });
    expect(message.actions[0]).toMatchObject({ sId: approval.actionId, status: 'succeeded' });
    expect(mail.calls).toEqual([sentToAda]);
    expect((await blocked(api, conversationId)).body.blockedActions).toEqual([]);

    const again = await validate(api, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'approved' });
    expect(again).toMatchObject({ status: 400, body: { error: { type: 'action_not_blocked' } } });
    const unknown = await validate(api, conversationId, agentMessageId, { actionId: 'act_unknown', approved: 'approved' });
    expect(unknown).toMatchObject({ status: 404, body: { error: { type: 'action_not_found' } } });
    const invalid = await validate(api, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'maybe' });
    expect(invalid.status).toBe(400);
    const elsewhere = await validate(api, 'nope', agentMessageId, { actionId: approval.actionId, approved: 'approved' });
    expect(elsewhere.status).toBe(404);
  });

  it('returns a refusal to the model when the call is rejected, and the model goes on', async () => {
    openAI.server.enqueue(...toolCallThenText('I did not send it.'));
    const { conversationId, agentMessageId, approval } = await blockedRun(api, mailer);
    await validate(api, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'rejected' });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'I did not send it.' });
    expect(message.actions[0]).toMatchObject({ sId: approval.actionId, status: 'denied' });
    expect(mail.calls).toEqual([]);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('declined the call of send_email');
  });

  it('remembers always_approved for that user and a low-stake tool: the next call runs at once', async () => {
    const readThenText = (answer: string) => [{ steps: [{ type: 'tool-call' as const, name: 'read_inbox', args: {} }] }, textScenario([answer])];
    openAI.server.enqueue(...readThenText('Read once.'));
    const first = await blockedRun(api, mailer, 'Any mail?');
    expect(first.approval).toMatchObject({ stake: 'low', metadata: { toolName: 'read_inbox' } });
    await validate(api, first.conversationId, first.agentMessageId, { actionId: first.approval.actionId, approved: 'always_approved' });
    expect(await api.settled(first.conversationId, first.agentMessageId)).toMatchObject({ status: 'succeeded' });

    openAI.server.enqueue(...readThenText('Read twice.'));
    const second = await api.createConversation('Any mail now?', { agent: mailer });
    expect(await api.settled(second.conversationId, second.agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Read twice.' });
    expect(mail.calls).toEqual([
      { name: 'read_inbox', args: {} },
      { name: 'read_inbox', args: {} },
    ]);
  });

  it('asks again for a high-stake tool even after always_approved', async () => {
    openAI.server.enqueue(...toolCallThenText('Sent.'));
    const first = await blockedRun(api, mailer);
    await validate(api, first.conversationId, first.agentMessageId, { actionId: first.approval.actionId, approved: 'always_approved' });
    expect(await api.settled(first.conversationId, first.agentMessageId)).toMatchObject({ status: 'succeeded' });
    openAI.server.enqueue(...toolCallThenText('Sent again.'));
    const second = await blockedRun(api, mailer);
    expect(second.approval).toMatchObject({ stake: 'high' });
    await validate(api, second.conversationId, second.agentMessageId, { actionId: second.approval.actionId, approved: 'approved' });
    expect(await api.settled(second.conversationId, second.agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Sent again.' });
  });

  it("follows the stakes the agent's builder set, per server and per tool", async () => {
    const create = (toolStakes: unknown) =>
      call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
        key: admin,
        body: { assistant: assistant({ name: `mailer${Math.floor(Math.random() * 1e6)}`, actions: [{ mcpServerViewId: server.viewId }], toolStakes }) },
      });
    const refused = await create({ tools: { send_email: 'sometimes' } });
    expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    const created = await create({ servers: { [server.serverId]: 'high' }, tools: { send_email: 'never_ask' } });
    expect(created.status).toBe(200);
    const agent = created.body.agentConfiguration.sId;

    openAI.server.enqueue(...toolCallThenText('Sent without asking.'));
    const sent = await api.createConversation('Mail Ada', { agent });
    expect(await api.settled(sent.conversationId, sent.agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Sent without asking.' });
    expect(mail.calls).toEqual([sentToAda]);

    // read_inbox is low by default; its server's stake (high) now applies, so it asks.
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'read_inbox', args: {} }] }, textScenario(['Read.']));
    const { conversationId } = await api.createConversation('Any mail?', { agent });
    const listed = await waitForBlocked(api, conversationId);
    expect(listed).toEqual([expect.objectContaining({ stake: 'high', metadata: expect.objectContaining({ toolName: 'read_inbox' }) })]);
  });

  it('skips approval for a message posted with skipToolsValidation', async () => {
    openAI.server.enqueue(...toolCallThenText('Sent.'));
    const response = await call(api.t.baseUrl, 'POST', api.path(), {
      key: api.key,
      body: { title: null, message: { content: 'Mail Ada', mentions: [{ configurationId: mailer }], context: CONTEXT }, skipToolsValidation: true },
    });
    expect(response.status).toBe(200);
    const agent = response.body.conversation.content.flat().find((m: any) => m.type === 'agent_message');
    const message = await api.settled(response.body.conversation.sId, agent.sId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Sent.' });
    expect(mail.calls).toEqual([sentToAda]);
  });
});

describe('tool approval nobody gives', () => {
  let api: AgentApi;
  let mailer: string;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { ...LOCAL_MCP_ENV, TOOL_APPROVAL_TIMEOUT_MS: '300' }));
    ({ agent: mailer } = await mailerOn(api, api.key));
  });
  afterAll(() => api.t.close());

  it('fails the run cleanly after the configured wait, and the call can no longer be answered', async () => {
    openAI.server.enqueue(...toolCallThenText('never'));
    const { conversationId, agentMessageId, approval } = await blockedRun(api, mailer);
    const message = await api.settled(conversationId, agentMessageId);
    expect(message.status).toBe('failed');
    expect(message.error).toMatchObject({ code: 'tool_approval_expired' });
    expect(mail.calls).toEqual([]);
    const late = await validate(api, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'approved' });
    expect(late).toMatchObject({ status: 400, body: { error: { type: 'action_not_blocked' } } });
  });
});
