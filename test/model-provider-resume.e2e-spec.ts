import { rmSync } from 'node:fs';
import { AgentApi, payloads } from './support/agent-run-helpers';
import { startFakeAnthropicServer, type FakeModelServer } from './support/fake-model-servers';
import { startMailServer } from './support/mail-tools';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call, startTestApp } from './support/test-app';

// A Claude run that thought before a tool call waiting for approval, taken over after a restart:
// with thinking on, Anthropic refuses a tool_use turn sent back without its signed thinking block,
// so the block the model signed before the restart goes back with the call after it.

jest.setTimeout(60_000);

describe('a thinking Claude run blocked on approval, across a restart', () => {
  let anthropic: FakeModelServer;
  let mail: RemoteToolServer;
  const running: AgentApi[] = [];
  let dataDir: string | undefined;

  beforeAll(async () => {
    [anthropic, mail] = await Promise.all([startFakeAnthropicServer(), startMailServer()]);
  });
  afterAll(async () => {
    await Promise.all(running.map((api) => api.t.close()));
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([anthropic.close(), mail.close()]);
  });

  const env = () => ({ ...LOCAL_MCP_ENV, ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: anthropic.baseUrl });

  it('sends the signed thinking back with the approved call, and the answer follows it', async () => {
    const t = await startTestApp(env());
    dataDir = t.dataDir;
    const { workspaceId, apiKey } = await t.createWorkspace('Acme');
    const first = new AgentApi(t, workspaceId, apiKey);
    running.push(first);
    const { viewId } = await registerRemoteServer(t.baseUrl, workspaceId, apiKey, mail.url);
    const model = { providerId: 'anthropic', modelId: 'claude-sonnet-4-5', temperature: 0.4, reasoningEffort: 'medium' };
    const agent = await createAgentWithView(t.baseUrl, workspaceId, apiKey, viewId, { name: 'mailer', model });

    anthropic.enqueue(
      { steps: [{ type: 'reasoning', tokens: ['Ada wants ', 'a mail.'] }, { type: 'text', tokens: ['Sending it.'] }, { type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] },
      { steps: [{ type: 'text', tokens: ['Mail sent to Ada.'] }] },
    );
    const { conversationId, agentMessageId } = await first.createConversation('Mail Ada', { agent });
    const { frames } = await first.events(conversationId, agentMessageId, {
      stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
    });
    const approval = payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
    expect(approval).toBeDefined();
    const [asked] = anthropic.requests;
    await first.t.close({ keepData: true });
    running.splice(0);

    const second = first.on(await startTestApp(env(), dataDir));
    running.push(second);
    const answered = await call(second.t.baseUrl, 'POST', second.path(`/${conversationId}/messages/${agentMessageId}/validate-action`), {
      key: second.key,
      body: { actionId: approval.actionId, approved: 'approved' },
    });
    expect(answered.status).toBe(200);
    const message = await second.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Sending it.\n\nMail sent to Ada.', chainOfThought: 'Ada wants a mail.' });
    expect(mail.calls).toEqual([{ name: 'send_email', args: { to: 'ada@example.com' } }]);

    const resumed = anthropic.requests.at(-1)!;
    expect(resumed).not.toBe(asked);
    const turn = (resumed.body as any).messages.find((m: any) => m.role === 'assistant');
    expect(turn.content[0]).toEqual({ type: 'thinking', thinking: 'Ada wants a mail.', signature: expect.stringMatching(/^sig_/) });
    expect(turn.content.map((block: any) => block.type)).toEqual(['thinking', 'text', 'tool_use']);
  });
});
