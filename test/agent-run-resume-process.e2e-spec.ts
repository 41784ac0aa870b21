import { until } from '@app/contracts/test/until';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentApi, CONTEXT, openAIEnv, payloads, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { assistant } from './support/agent-assistant-body';
import { connectToolServer, type ConnectedToolServer } from './support/mcp-tool-server';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { call, type TestApp } from './support/test-app';

// The api as a process killed with SIGKILL while an agent run waits, and started again on the same
// data dir and port: the run is taken over once its lease lapses and finishes. The tool server is a
// real MCP SDK server behind the official transport, which reconnects to the restarted api.

jest.setTimeout(120_000);

// The official transport's EventSource polyfill, closing a connection the kill already broke,
// cancels its reader without handling the rejection ("terminated"): handled here, or it would fail
// the test as an unhandled rejection although the transport reconnects as it should.
const cancelReader = ReadableStreamDefaultReader.prototype.cancel;
ReadableStreamDefaultReader.prototype.cancel = function (this: ReadableStreamDefaultReader, reason?: unknown) {
  const cancelled = cancelReader.call(this, reason);
  cancelled.catch(() => undefined);
  return cancelled;
};

const openAI = useFakeOpenAI();

describe('agent runs waiting across kill -9 of the api process', () => {
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let workspaceId: string;
  let adminKey: string;
  let userKey: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  let tools: ConnectedToolServer;
  let releaseHeld: () => void = () => undefined;

  const base = () => `http://127.0.0.1:${port}`;
  // Only the base URL is used: every call goes over HTTP to the process.
  const api = (key: string) => new AgentApi({ baseUrl: base() } as TestApp, workspaceId, key);

  const cli = (args: string[]) => runCli(dataDir, args);

  async function killAndRestart(): Promise<void> {
    await stopServer(server.child, 'SIGKILL');
    server = await startServer(dataDir, port, env);
  }

  /** Posts a message lending the tool server; `skip` posts it with `skipToolsValidation` (no call waits for approval). */
  async function ask(content: string, agent = 'dust', skip = false): Promise<{ conversationId: string; agentMessageId: string }> {
    const response = await call(base(), 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, {
      key: userKey,
      body: {
        title: 'Tools',
        message: { content, mentions: [{ configurationId: agent }], context: { ...CONTEXT, clientSideMCPServerIds: [tools.serverId] } },
        ...(skip ? { skipToolsValidation: true } : {}),
      },
    });
    if (response.status !== 200) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
    const agentMessage = response.body.conversation.content.flat().find((m: any) => m.type === 'agent_message');
    return { conversationId: response.body.conversation.sId, agentMessageId: agentMessage.sId };
  }

  beforeAll(async () => {
    // The polyfill logs every connection it loses while the api is down (a fetch TypeError each
    // time, made in Node's realm: told apart by name, not by instanceof).
    const log = console.error;
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => ((args[0] as Error | undefined)?.name === 'TypeError' ? undefined : log(...args)));
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-resume-'));
    ({ workspaceId, apiKey: adminKey } = await cli(['workspace', 'create', '--name', 'Resume']));
    ({ apiKey: userKey } = await cli(['key', 'create', '--workspace', workspaceId, '--role', 'user', '--user', 'ada@example.com']));
    port = await freePort();
    env = openAIEnv(openAI.server, {
      AGENT_RUNNER_ENABLED: 'true',
      BOOTSTRAP_WORKSPACE: 'false',
      // The shortest lease: a killed runner's claim lapses 3 s after its last renewal.
      AGENT_RUN_LEASE_MS: '3000',
      // Long enough for a restart in the middle of a call.
      MCP_CALL_TIMEOUT_MS: '60000',
    });
    server = await startServer(dataDir, port, env);
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    tools = await connectToolServer(base(), workspaceId, userKey, { release: held });
  }, 60_000);

  afterAll(async () => {
    releaseHeld();
    await tools?.close();
    if (server) await stopServer(server.child, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a client-side MCP call pending at the kill is answered after the restart, and the run finishes with it', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'answers_on_release', args: { question: 'why' } }] }, textScenario(['It answered.']));
    const { conversationId, agentMessageId } = await ask('Ask the held tool', 'dust', true);
    await until(async () => tools.calls.some((c) => c.name === 'answers_on_release'), 20_000, 50);
    // The run recorded its wait before the request went out; the pause lets the client hold it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await killAndRestart();

    releaseHeld();
    const message = await api(userKey).settled(conversationId, agentMessageId, 60_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'It answered.' });
    expect(message.actions).toHaveLength(1);
    expect(message.actions[0]).toMatchObject({
      functionCallName: 'answers_on_release',
      status: 'succeeded',
      output: [{ type: 'text', text: 'Released answer to why' }],
    });
    expect(tools.calls.filter((c) => c.name === 'answers_on_release')).toHaveLength(1);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('Released answer to why');
  });

  it('a call blocked on approval at the kill runs once, approved after the restart', async () => {
    const created = await call(base(), 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, {
      key: adminKey,
      body: { assistant: assistant({ name: 'careful', toolStakes: { servers: { [tools.serverId]: 'high' } } }) },
    });
    expect(created.status).toBe(200);
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'add', args: { a: 2, b: 40 } }] }, textScenario(['The answer is 42.']));
    const { conversationId, agentMessageId } = await ask('What is 2 + 40?', created.body.agentConfiguration.sId);
    const { frames } = await api(userKey).events(conversationId, agentMessageId, {
      stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
      timeoutMs: 30_000,
    });
    const approval = payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
    expect(approval).toMatchObject({ inputs: { a: 2, b: 40 }, stake: 'high' });
    await killAndRestart();

    // Answered at once: the restarted api may record it before any runner took the run over.
    const answered = await call(base(), 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${conversationId}/messages/${agentMessageId}/validate-action`, {
      key: userKey,
      body: { actionId: approval.actionId, approved: 'approved' },
    });
    expect(answered).toMatchObject({ status: 200, body: { success: true } });
    const message = await api(userKey).settled(conversationId, agentMessageId, 60_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'The answer is 42.' });
    expect(message.actions[0]).toMatchObject({ sId: approval.actionId, functionCallName: 'add', status: 'succeeded' });
    expect(tools.calls.filter((c) => c.name === 'add')).toEqual([{ name: 'add', args: { a: 2, b: 40 } }]);
  });

  it('a run killed while its tokens stream is still failed as interrupted, not resumed', async () => {
    openAI.server.enqueue(textScenario(Array.from({ length: 60 }, (_, i) => `w${i} `), 100));
    const { conversationId, agentMessageId } = await ask('A long answer');
    await api(userKey).events(conversationId, agentMessageId, { stop: (frames) => frames.filter((f) => f.data?.type === 'generation_tokens').length >= 2 });
    await killAndRestart();

    const message = await api(userKey).settled(conversationId, agentMessageId, 30_000);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'agent_run_interrupted' } });
    // Not run again: the model was asked once.
    expect(runRequests(openAI.server)).toHaveLength(1);
  });
});
