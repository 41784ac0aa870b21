import { AgentApi, openAIEnv, textScenario } from './support/agent-run-helpers';
import { startMailServer } from './support/mail-tools';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call } from './support/test-app';
import { useFakeOpenAI } from './support/use-fake-openai';

// GET /api/w/{wId}/assistant/actions/blocked: the tool calls waiting for the caller in every
// conversation, as each conversation's own listing gives them, without another member's.

jest.setTimeout(30_000);

const openAI = useFakeOpenAI();

describe('the calls waiting for a person across conversations', () => {
  let mail: RemoteToolServer;
  let ada: AgentApi;
  let bob: AgentApi;
  let mailer: string;

  beforeAll(async () => {
    mail = await startMailServer();
    const started = await AgentApi.start(openAIEnv(openAI.server, LOCAL_MCP_ENV));
    ada = new AgentApi(started.t, started.workspaceId, await started.t.createKey(started.workspaceId, 'user', 'ada@example.com'));
    bob = new AgentApi(started.t, started.workspaceId, await started.t.createKey(started.workspaceId, 'user', 'bob@example.com'));
    const server = await registerRemoteServer(started.t.baseUrl, started.workspaceId, started.key, mail.url);
    mailer = await createAgentWithView(started.t.baseUrl, started.workspaceId, started.key, server.viewId, { name: 'mailer' });
  });
  afterAll(async () => {
    await ada.t.close();
    await mail.close();
  });

  const waiting = (api: AgentApi) => call(api.t.baseUrl, 'GET', `/api/w/${api.workspaceId}/assistant/actions/blocked`, { key: api.key });

  async function waitForCount(api: AgentApi, count: number): Promise<any> {
    let body: any = { blockedActions: [] };
    for (let attempt = 0; attempt < 200 && body.blockedActions.length !== count; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      body = (await waiting(api)).body;
    }
    return body;
  }

  it("lists the caller's waiting calls of two conversations with their titles, not another member's; an answered one leaves the list", async () => {
    // One run at a time takes its scenario: each blocks on its call before the next starts.
    const mailAda = () => openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] });
    mailAda();
    const first = await ada.createConversation('Mail Ada', { agent: mailer, title: 'First errand' });
    await waitForCount(ada, 1);
    mailAda();
    const second = await ada.createConversation('Mail Ada again', { agent: mailer, title: 'Second errand' });
    const listed = await waitForCount(ada, 2);
    mailAda();
    const bobs = await bob.createConversation('Mail Ada for Bob', { agent: mailer, title: 'Bob errand' });

    expect(listed.blockedActions.map((action: any) => action.conversationId).sort()).toEqual([first.conversationId, second.conversationId].sort());
    expect(listed.blockedActions[0]).toMatchObject({ status: 'blocked_validation_required', metadata: { agentName: 'mailer', toolName: 'send_email' } });
    expect([...listed.conversations].sort((a: any, b: any) => a.title.localeCompare(b.title))).toEqual([
      { sId: first.conversationId, title: 'First errand' },
      { sId: second.conversationId, title: 'Second errand' },
    ]);
    const perConversation = await call(ada.t.baseUrl, 'GET', ada.path(`/${first.conversationId}/actions/blocked`), { key: ada.key });
    expect(listed.blockedActions).toContainEqual(perConversation.body.blockedActions[0]);
    expect((await waitForCount(bob, 1)).blockedActions.map((action: any) => action.conversationId)).toEqual([bobs.conversationId]);

    const { actionId, messageId } = perConversation.body.blockedActions[0];
    openAI.server.enqueue(textScenario(['Sent.']));
    const validated = await call(ada.t.baseUrl, 'POST', ada.path(`/${first.conversationId}/messages/${messageId}/validate-action`), { key: ada.key, body: { actionId, approved: 'approved' } });
    expect(validated.status).toBe(200);
    await ada.settled(first.conversationId, first.agentMessageId);
    expect((await waiting(ada)).body.blockedActions.map((action: any) => action.conversationId)).toEqual([second.conversationId]);
  });

  it('answers a key of no member an empty list', async () => {
    const workspaceKey = await ada.t.createKey(ada.workspaceId, 'admin');
    expect((await call(ada.t.baseUrl, 'GET', `/api/w/${ada.workspaceId}/assistant/actions/blocked`, { key: workspaceKey })).body).toEqual({ blockedActions: [], conversations: [] });
  });
});
