import { rmSync } from 'node:fs';
import { AgentApi, allEvents, openAIEnv, payloads, runRequests, sentText, streamedText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { startMailServer } from './support/mail-tools';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call, startTestApp } from './support/test-app';

// A run blocked on a tool approval survives a restart of the api on the same data dir: the stopping
// runner releases it, the next one takes it over from the run stream and goes on once answered.
// The tool is a remote MCP server's (`mail`), registered over HTTP: the registration is in the log,
// so the restarted api has the tool from its start, as the runner takes the run over.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

let mail: RemoteToolServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(() => mail.close());

const sentToAda = { name: 'send_email', args: { to: 'ada@example.com' } };

/** Apps still running, and data dirs to remove, after each test. */
const running: AgentApi[] = [];
const dataDirs: string[] = [];

/** The agent that uses the mail server, by workspace. */
const mailers = new Map<string, string>();

/** Starts (or restarts on the previous app's data dir) an app whose `mailer` agent has the mail tools. */
async function startWithTool(env: Record<string, string>, previous?: AgentApi): Promise<AgentApi> {
  const t = await startTestApp({ ...LOCAL_MCP_ENV, ...env }, previous?.t.dataDir);
  let api: AgentApi;
  if (previous) api = previous.on(t);
  else {
    const { workspaceId, apiKey } = await t.createWorkspace('Acme');
    api = new AgentApi(t, workspaceId, apiKey);
    const { viewId } = await registerRemoteServer(t.baseUrl, workspaceId, apiKey, mail.url);
    mailers.set(workspaceId, await createAgentWithView(t.baseUrl, workspaceId, apiKey, viewId, { name: 'mailer' }));
  }
  running.push(api);
  return api;
}

/**
 * Starts an app, posts a message whose answer (after text) calls send_email, reads its stream until
 * the call blocks, waits `pauseMs`, and stops the app (keeping its data dir for the restart).
 */
async function blockedThenStopped(env: Record<string, string>, pauseMs = 0) {
  const api = await startWithTool(env);
  dataDirs.push(api.t.dataDir);
  openAI.server.enqueue(
    { steps: [{ type: 'text', tokens: ['Let me ', 'send it.'] }, { type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] },
    textScenario(['Mail sent to Ada.']),
  );
  const { conversationId, agentMessageId } = await api.createConversation('Mail Ada', { agent: mailers.get(api.workspaceId) });
  const { frames } = await api.events(conversationId, agentMessageId, {
    stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution' || frame.raw === 'done'),
  });
  const approval = payloads(frames).find((payload) => payload.type === 'tool_approve_execution');
  if (!approval) throw new Error(`the run did not block: ${JSON.stringify(payloads(frames))}`);
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  await api.t.close({ keepData: true });
  running.splice(running.indexOf(api), 1);
  return { first: api, conversationId, agentMessageId, approval, frames };
}

function validate(api: AgentApi, conversationId: string, messageId: string, body: unknown) {
  return call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages/${messageId}/validate-action`), { key: api.key, body });
}

async function runStreamTypes(api: AgentApi, messageId: string): Promise<string[]> {
  return (await allEvents(api)).filter((event) => event.streamName === `agent_message-${messageId}`).map((event) => event.type);
}

describe('a run blocked on approval, across a restart', () => {
  beforeEach(() => (mail.calls.length = 0));
  afterEach(async () => {
    await Promise.all(running.splice(0).map((api) => api.t.close({ keepData: true })));
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is taken over after the restart: approved, the tool runs once and the answer merges with what came before', async () => {
    const { first, conversationId, agentMessageId, approval, frames } = await blockedThenStopped(openAIEnv(openAI.server));
    const second = await startWithTool(openAIEnv(openAI.server), first);
    const listed = await call(second.t.baseUrl, 'GET', second.path(`/${conversationId}/actions/blocked`), { key: second.key });
    expect(listed.body.blockedActions).toEqual([expect.objectContaining({ actionId: approval.actionId })]);
    const answered = await validate(second, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'approved' });
    expect(answered).toMatchObject({ status: 200, body: { success: true } });

    const message = await second.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Let me send it.\n\nMail sent to Ada.' });
    expect(message.actions).toHaveLength(1);
    expect(message.actions[0]).toMatchObject({ sId: approval.actionId, functionCallName: 'send_email', status: 'succeeded' });
    expect(mail.calls).toEqual([sentToAda]);
    // The model read the tool's result after the restart, with the call it made before.
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('Sent to ada@example.com');

    const types = await runStreamTypes(second, agentMessageId);
    expect(types.filter((type) => type === 'AgentRunReleased')).toHaveLength(1);
    expect(types.filter((type) => type === 'AgentRunResumed')).toHaveLength(1);
    expect(types.filter((type) => type === 'AgentToolParamsRecorded')).toHaveLength(1);
    expect(types.at(-1)).toBe('AgentRunSucceeded');

    // A client that read up to the approval request reconnects and gets exactly what followed.
    const seen = frames.filter((frame) => frame.eventId).at(-1)!.eventId!;
    const rest = await second.events(conversationId, agentMessageId, { lastEventId: seen });
    const all = [...frames, ...rest.frames].filter((frame) => frame.eventId);
    const ids = all.map((frame) => Number(frame.eventId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const seenTypes = payloads(all).map((p) => p.type);
    for (const type of ['tool_params', 'tool_approve_execution', 'agent_action_success']) expect(seenTypes.filter((t) => t === type)).toHaveLength(1);
    expect(seenTypes.at(-1)).toBe('agent_message_success');
    expect(streamedText(all)).toBe('Let me send it.Mail sent to Ada.');
  });

  it('rejected after the restart: the model reads the refusal and answers', async () => {
    const { first, conversationId, agentMessageId, approval } = await blockedThenStopped(openAIEnv(openAI.server));
    const second = await startWithTool(openAIEnv(openAI.server), first);
    await validate(second, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'rejected' });
    const message = await second.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Let me send it.\n\nMail sent to Ada.' });
    expect(message.actions[0]).toMatchObject({ sId: approval.actionId, status: 'denied' });
    expect(mail.calls).toEqual([]);
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('declined the call of send_email');
  });

  it('two replicas starting at once: one takes the run over, the approved call runs once', async () => {
    const { first, conversationId, agentMessageId, approval } = await blockedThenStopped(openAIEnv(openAI.server));
    const [second, third] = await Promise.all([startWithTool(openAIEnv(openAI.server), first), startWithTool(openAIEnv(openAI.server), first)]);
    await validate(third, conversationId, agentMessageId, { actionId: approval.actionId, approved: 'approved' });
    expect(await second.settled(conversationId, agentMessageId, 20_000)).toMatchObject({ status: 'succeeded', content: 'Let me send it.\n\nMail sent to Ada.' });
    expect(mail.calls).toEqual([sentToAda]);
    const types = await runStreamTypes(second, agentMessageId);
    expect(types.filter((type) => type === 'AgentRunResumed')).toHaveLength(1);
    expect(types.filter((type) => type === 'AgentActionSucceeded')).toHaveLength(1);
    expect(runRequests(openAI.server)).toHaveLength(2);
  });

  it('still expires after the configured wait, counted from when it blocked rather than from the restart', async () => {
    const env = openAIEnv(openAI.server, { TOOL_APPROVAL_TIMEOUT_MS: '10000' });
    const { first, conversationId, agentMessageId, approval } = await blockedThenStopped(env, 4_000);
    const blockedAt: number = approval.created;
    const second = await startWithTool(env, first);
    const message = await second.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'tool_approval_expired' } });
    expect(mail.calls).toEqual([]);
    const expired = (await allEvents(second)).find((event) => event.type === 'ToolApprovalExpired' && event.data.actionId === approval.actionId);
    // From the restart it would be 10 s after it (14 s or more after blocking).
    expect(expired!.data.at - blockedAt).toBeGreaterThanOrEqual(10_000);
    expect(expired!.data.at - blockedAt).toBeLessThan(13_500);
  });
});
