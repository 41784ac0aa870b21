import { rmSync } from 'node:fs';
import { AgentApi, openAIEnv, payloads, runRequests, textScenario } from './support/agent-run-helpers';
import { assistant } from './support/agent-assistant-body';
import { startMailServer } from './support/mail-tools';
import { LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call, startTestApp } from './support/test-app';
import { useFakeOpenAI } from './support/use-fake-openai';

/**
 * A skill the agent enabled during a run keeps its tools across a restart: the run enables the
 * skill, calls the skill's `send_email` (which waits for approval), the api stops; the api that
 * takes the run over reads the enabled skill from the conversation's log, so the approved call
 * runs and the model's next request still lists the tool.
 */

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

describe('skills: tools of a skill enabled mid-run, across a restart', () => {
  let mail: RemoteToolServer;
  const toolNames = (body: unknown): string[] => ((body as { tools?: { name?: string; function?: { name: string } }[] }).tools ?? []).map((tool) => tool.name ?? tool.function?.name ?? '');

  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(() => mail.close());

  it('the run taken over runs the approved call of the skill tool and offers the tool again', async () => {
    const env = openAIEnv(openAI.server, LOCAL_MCP_ENV);
    const t = await startTestApp(env);
    const { workspaceId, apiKey } = await t.createWorkspace('Acme');
    const first = new AgentApi(t, workspaceId, apiKey);
    const { viewId } = await registerRemoteServer(t.baseUrl, workspaceId, apiKey, mail.url);
    const skill = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/skills`, {
      key: apiKey,
      body: { name: 'mailing', agentFacingDescription: 'Sends mail.', instructions: 'Send mail when asked.', tools: [{ mcpServerViewId: viewId }] },
    });
    const agent = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, {
      key: apiKey,
      body: { assistant: assistant({ name: 'postman', skills: [{ sId: skill.body.skillConfiguration.sId }] }) },
    });
    expect(agent.status).toBe(200);

    openAI.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'enable_skill', args: { skillName: 'mailing' } }] },
      { steps: [{ type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] },
      textScenario(['Mail sent to Ada.']),
    );
    const { conversationId, agentMessageId } = await first.createConversation('Mail Ada', { agent: agent.body.agentConfiguration.sId });
    const { frames } = await first.events(conversationId, agentMessageId, {
      stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
    });
    const approval = payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
    expect(approval).toBeDefined();
    await t.close({ keepData: true });

    const second = first.on(await startTestApp(env, t.dataDir));
    try {
      const before = runRequests(openAI.server).length;
      const answered = await call(second.t.baseUrl, 'POST', second.path(`/${conversationId}/messages/${agentMessageId}/validate-action`), {
        key: second.key,
        body: { actionId: approval!.actionId, approved: 'approved' },
      });
      expect(answered.status).toBe(200);
      const message = await second.settled(conversationId, agentMessageId, 20_000);
      expect(message).toMatchObject({ status: 'succeeded', content: 'Mail sent to Ada.' });
      expect(mail.calls).toEqual([{ name: 'send_email', args: { to: 'ada@example.com' } }]);
      const resumed = runRequests(openAI.server).slice(before);
      expect(resumed).toHaveLength(1);
      expect(toolNames(resumed[0].body)).toContain('send_email');
    } finally {
      await second.t.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});
