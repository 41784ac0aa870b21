import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentApi, CONTEXT, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { assistant } from './support/agent-assistant-body';
import { officialClient, unwrapResult } from './support/official-client';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { useFakeOpenAI } from './support/use-fake-openai';
import { call, type TestApp } from './support/test-app';

// The api as a process killed with SIGKILL while an agent's question waits for the user, and started
// again on the same data dir and port: the question is still listed, the answer given through the
// official client after the restart resumes the run once its lease lapses, and the model reads it.

jest.setTimeout(120_000);

const openAI = useFakeOpenAI();

describe('a question waiting across kill -9 of the api process', () => {
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-question-'));
    port = await freePort();
    env = openAIEnv(openAI.server, { AGENT_RUNNER_ENABLED: 'true', BOOTSTRAP_WORKSPACE: 'false', AGENT_RUN_LEASE_MS: '3000' });
  });

  afterAll(async () => {
    if (server) await stopServer(server.child, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is answered after the restart, and the run finishes with the answer', async () => {
    const { workspaceId, apiKey: adminKey } = await runCli(dataDir, ['workspace', 'create', '--name', 'Questions']);
    const { apiKey: userKey } = await runCli(dataDir, ['key', 'create', '--workspace', workspaceId, '--role', 'user', '--user', 'ada@example.com']);
    server = await startServer(dataDir, port, env);
    const baseUrl = `http://127.0.0.1:${port}`;
    const created = await call(baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, {
      key: adminKey,
      body: { assistant: assistant({ name: 'asker', toolset: ['ask_user_question'] }) },
    });
    expect(created.status).toBe(200);
    const client = officialClient(baseUrl, workspaceId, userKey);

    openAI.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'ask_user_question', args: { question: 'Tea or coffee?', options: [{ label: 'Tea' }, { label: 'Coffee' }] } }] },
      textScenario(['Coffee is on its way.']),
    );
    const conversation = unwrapResult(
      await client.createConversation({ title: null, visibility: 'unlisted', message: { content: 'A drink?', mentions: [{ configurationId: created.body.agentConfiguration.sId }], context: CONTEXT } }),
    );
    const conversationId = conversation.conversation.sId;
    const messageId = conversation.conversation.content.flat().find((m) => m.type === 'agent_message')!.sId;
    // The run stream announces the question after recording its wait: killed after that, the wait is durable.
    const stream = unwrapResult(
      await client.streamAgentMessageEvents({ conversationId, agentMessageId: messageId, options: { maxReconnectAttempts: 3, reconnectDelay: 100, autoReconnect: true } }),
    );
    for await (const event of stream.eventStream) if (event.type === 'tool_ask_user_question') break;
    const blocked = unwrapResult(await client.getBlockedActions({ conversationId })).blockedActions;
    expect(blocked).toEqual([expect.objectContaining({ status: 'blocked_user_answer_required', question: expect.objectContaining({ question: 'Tea or coffee?' }) })]);

    await stopServer(server.child, 'SIGKILL');
    server = await startServer(dataDir, port, env);

    expect(unwrapResult(await client.getBlockedActions({ conversationId })).blockedActions).toEqual([expect.objectContaining({ actionId: blocked[0].actionId })]);
    unwrapResult(await client.answerUserQuestion({ conversationId, messageId, actionId: blocked[0].actionId, answer: { selectedOptions: [1] } }));
    const message = await new AgentApi({ baseUrl } as TestApp, workspaceId, userKey).settled(conversationId, messageId, 60_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Coffee is on its way.' });
    expect(message.actions).toEqual([expect.objectContaining({ sId: blocked[0].actionId, functionCallName: 'ask_user_question', status: 'succeeded' })]);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('Coffee');
  });
});
