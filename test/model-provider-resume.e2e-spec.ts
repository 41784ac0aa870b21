import { rmSync } from 'node:fs';
import { AgentApi, payloads } from './support/agent-run-helpers';
import type { FakeModelServer } from './support/fake-model-servers';
import { startMailServer } from './support/mail-tools';
import { PROVIDER_WIRE_CASES } from './support/provider-wire-cases';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call, startTestApp } from './support/test-app';

// Per provider, a run that thought, wrote and called a tool waiting for approval is taken over
// after a restart and goes on once approved: the request after the restart holds the call and its
// result in the provider's own shapes (the fakes refuse a history their provider would refuse).
// With thinking on, Anthropic refuses a tool_use turn sent back without its signed thinking block,
// so the block signed before the restart goes back with the call after it.

jest.setTimeout(60_000);

describe.each(PROVIDER_WIRE_CASES.map((wire) => [wire.providerId, wire] as const))('a %s run blocked on approval, across a restart', (_name, wire) => {
  let fake: FakeModelServer;
  let mail: RemoteToolServer;
  const running: AgentApi[] = [];
  let dataDir: string | undefined;

  beforeAll(async () => {
    [fake, mail] = await Promise.all([wire.start(), startMailServer()]);
  });
  afterAll(async () => {
    await Promise.all(running.map((api) => api.t.close()));
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([fake.close(), mail.close()]);
  });

  const env = () => ({ ...LOCAL_MCP_ENV, ...wire.env(fake) });

  it('is taken over and goes on once approved, the call and its result sent in the provider shapes', async () => {
    const t = await startTestApp(env());
    dataDir = t.dataDir;
    const { workspaceId, apiKey } = await t.createWorkspace('Acme');
    const first = new AgentApi(t, workspaceId, apiKey);
    running.push(first);
    const { viewId } = await registerRemoteServer(t.baseUrl, workspaceId, apiKey, mail.url);
    const model = { providerId: wire.providerId, modelId: wire.modelId, temperature: 0.4, reasoningEffort: wire.reasoningEffort };
    const agent = await createAgentWithView(t.baseUrl, workspaceId, apiKey, viewId, { name: 'mailer', model });

    fake.enqueue(
      {
        steps: [
          { type: 'reasoning', tokens: ['Ada wants ', 'a mail.'] },
          { type: 'text', tokens: ['Sending it.'] },
          { type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' }, callId: wire.callId },
        ],
      },
      { steps: [{ type: 'text', tokens: ['Mail sent to Ada.'] }] },
    );
    const { conversationId, agentMessageId } = await first.createConversation('Mail Ada', { agent });
    const { frames } = await first.events(conversationId, agentMessageId, {
      stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
    });
    const approval = payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
    expect(approval).toBeDefined();
    expect(fake.requests).toHaveLength(1);
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

    expect(fake.requests).toHaveLength(2);
    const resumed = fake.requests[1];
    const [result] = wire.toolResults(resumed.body);
    expect(result).toMatchObject({ callId: wire.callId, text: expect.stringContaining('Sent to ada@example.com') });
    if (wire.providerId === 'anthropic') {
      const turn = (resumed.body as any).messages.find((m: any) => m.role === 'assistant');
      expect(turn.content[0]).toEqual({ type: 'thinking', thinking: 'Ada wants a mail.', signature: expect.stringMatching(/^sig_/) });
      expect(turn.content.map((block: any) => block.type)).toEqual(['thinking', 'text', 'tool_use']);
    }
  });
});
