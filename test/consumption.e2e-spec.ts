import { ALL_PROJECTIONS, rebuildReadModels } from '@app/projections';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { AgentApi, CONTEXT, openAIEnv, textScenario } from './support/agent-run-helpers';
import { startMailServer } from './support/mail-tools';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { useFakeOpenAI } from './support/use-fake-openai';
import { call } from './support/test-app';

// The cost ledger: each model call of a run is recorded as it ends, priced by MODEL_PRICES here
// (gpt-4.1 at $1 in, $4 out per million tokens: 1 credit = 1 micro-USD), and a conversation's
// consumption is the sum of its messages' costCredits, live, mid-run and after a rebuild.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();
const PRICES = JSON.stringify({ 'openai/gpt-4.1': { input: 1, output: 4 } });

/** Polls `read` until `done` holds of its answer (or fails after 10 s with the last answer). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('consumption', () => {
  let mail: RemoteToolServer;
  let api: AgentApi;
  let mailer: string;

  beforeAll(async () => {
    mail = await startMailServer();
    api = await AgentApi.start(openAIEnv(openAI.server, { ...LOCAL_MCP_ENV, MODEL_PRICES: PRICES }));
    const { viewId } = await registerRemoteServer(api.t.baseUrl, api.workspaceId, api.key, mail.url);
    mailer = await createAgentWithView(api.t.baseUrl, api.workspaceId, api.key, viewId, { name: 'mailer' });
  });
  afterAll(async () => {
    await api.t.close();
    await mail.close();
  });

  const get = (path: string) => call(api.t.baseUrl, 'GET', path, { key: api.key });
  const consumption = (conversationId: string) => get(api.path(`/${conversationId}/consumption`));
  const rollUp = (groupBy: string, query = '') => get(`/api/w/${api.workspaceId}/consumption?groupBy=${groupBy}${query}`);

  let conversationId: string;
  let costs: number[];

  it('counts a run in progress, then equals the sum of the messages’ costCredits, and the same after a rebuild', async () => {
    openAI.server.enqueue(textScenario(['Hello']));
    const first = await api.createConversation('Say hello');
    conversationId = first.conversationId;
    expect(await api.settled(conversationId, first.agentMessageId)).toMatchObject({ status: 'succeeded', costCredits: 300 });

    // The mailer's first model call reads the inbox; its second stalls: the run is in progress.
    openAI.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'read_inbox', args: {} }], usage: { inputTokens: 1000, outputTokens: 100, reasoningTokens: 20 } },
      { steps: [{ type: 'stall', ms: 2500 }, { type: 'text', tokens: ['No new mail.'] }], usage: { inputTokens: 100, outputTokens: 50 } },
    );
    const posted = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages`), {
      key: api.key,
      body: { content: 'Any mail?', mentions: [{ configurationId: mailer }], context: CONTEXT, skipToolsValidation: true },
    });
    const second = { agentMessageId: posted.body.agentMessages[0].sId as string };
    // 300 for the first answer, 1,000 × 1 + 100 × 4 = 1,400 for the running run's first call.
    const midRun = await eventually(() => consumption(conversationId), (response) => response.body.billedCredits === 1700);
    expect(await api.message(conversationId, second.agentMessageId)).toMatchObject({ status: 'created' });
    expect(midRun.body.details.agents.map((agent: { name: string; billedCredits: number }) => [agent.name, agent.billedCredits])).toEqual([
      ['mailer', 1400],
      [expect.any(String), 300],
    ]);

    const settled = await api.settled(conversationId, second.agentMessageId, 20_000);
    expect(settled).toMatchObject({ status: 'succeeded', costCredits: 1700 });
    costs = [300, settled.costCredits];

    const live = await consumption(conversationId);
    expect(live.body.billedCredits).toBe(costs[0] + costs[1]);
    expect(live.body.details.models).toEqual([
      expect.objectContaining({ providerId: 'openai', modelId: 'gpt-4.1', calls: 3, inputTokens: 1200, outputTokens: 200, reasoningTokens: 20, attributedCredits: 2000 }),
    ]);
    const byAgent = await rollUp('agent');
    expect(byAgent.status).toBe(200);
    expect(byAgent.body.total).toMatchObject({ messages: 2, calls: 3, costCredits: 2000 });
    const byConversation = await rollUp('conversation');
    expect(byConversation.body.groups).toEqual([expect.objectContaining({ key: conversationId, costCredits: live.body.billedCredits })]);
    const byDay = await rollUp('day');
    expect(byDay.body.groups).toEqual([expect.objectContaining({ key: new Date().toISOString().slice(0, 10), costCredits: 2000 })]);
    expect((await rollUp('conversation', `&from=${Date.now() + 60_000}`)).body.total).toMatchObject({ messages: 0, costCredits: 0 });

    const eventStore = api.t.app.get<EventStore>(EVENT_STORE);
    const readStore = api.t.app.get<ReadStore>(READ_STORE);
    const { generation } = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, { switchGraceMs: 300 });
    expect(generation).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await consumption(conversationId)).body).toEqual(live.body);
    for (const [groupBy, before] of [['agent', byAgent], ['conversation', byConversation], ['day', byDay]] as const) {
      expect((await rollUp(groupBy)).body).toEqual(before.body);
    }
  });

  it('refuses a new run with credits_exhausted once the workspace budget is spent, until it is removed', async () => {
    const bad = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/consumption/budgets`, { key: api.key, body: { scope: 'workspace', monthlyCredits: -1 } });
    expect(bad.status).toBe(400);
    const stranger = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/consumption/budgets`, { key: api.key, body: { scope: 'user', userId: 'nobody', monthlyCredits: 1 } });
    expect(stranger).toMatchObject({ status: 404, body: { error: { type: 'user_not_found' } } });
    const set = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/consumption/budgets`, { key: api.key, body: { scope: 'workspace', monthlyCredits: 2000 } });
    expect(set.status).toBe(200);
    expect(set.body.budgets).toEqual([{ scope: 'workspace', userId: null, monthlyCredits: 2000, spentCredits: 2000, month: new Date().toISOString().slice(0, 7) }]);

    const refused = await api.postMessage(conversationId, 'Once more');
    const message = await api.settled(conversationId, refused.agentMessageId);
    expect(message).toMatchObject({ status: 'failed', costCredits: null, error: { code: 'credits_exhausted', metadata: { scope: 'workspace', monthlyCredits: 2000, spentCredits: 2000 } } });

    await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/consumption/budgets`, { key: api.key, body: { scope: 'workspace', monthlyCredits: null } });
    openAI.server.enqueue(textScenario(['Back']));
    const allowed = await api.postMessage(conversationId, 'And again');
    expect(await api.settled(conversationId, allowed.agentMessageId)).toMatchObject({ status: 'succeeded', costCredits: 300 });
    expect((await consumption(conversationId)).body.billedCredits).toBe(2300);
  });

  it('rolls a member’s spending up by user and by fork family, and their own budget refuses their runs only', async () => {
    const since = Date.now();
    const memberKey = await api.t.createKey(api.workspaceId, 'user', 'ada@example.com');
    const member = new AgentApi(api.t, api.workspaceId, memberKey);
    openAI.server.enqueue(textScenario(['Parent']));
    const parent = await member.createConversation('Start');
    await member.settled(parent.conversationId, parent.agentMessageId);
    const adaId: string = parent.body.message.user.sId;
    const forked = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/conversations/${parent.conversationId}/fork`, {
      key: memberKey,
      body: { sourceMessageId: parent.agentMessageId },
    });
    expect(forked.status).toBe(200);
    const childId: string = forked.body.conversation.sId;
    openAI.server.enqueue(textScenario(['Child']));
    const inChild = await eventually(
      () => call(api.t.baseUrl, 'POST', member.path(`/${childId}/messages`), { key: memberKey, body: { content: 'Go on', mentions: [{ configurationId: 'dust' }], context: CONTEXT } }),
      (response) => response.status === 200,
    );
    expect(await member.settled(childId, inChild.body.agentMessages[0].sId)).toMatchObject({ status: 'succeeded', costCredits: 300 });

    const window = `&from=${since}`;
    expect((await rollUp('fork', window)).body.groups).toEqual([expect.objectContaining({ key: parent.conversationId, messages: 2, costCredits: 600 })]);
    expect((await rollUp('conversation', window)).body.groups.map((group: { key: string }) => group.key).sort()).toEqual([parent.conversationId, childId].sort());
    expect((await rollUp('user', window)).body.groups).toEqual([expect.objectContaining({ key: adaId, costCredits: 600 })]);

    const set = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/consumption/budgets`, { key: api.key, body: { scope: 'user', userId: adaId, monthlyCredits: 600 } });
    expect(set.body.budgets).toEqual([expect.objectContaining({ scope: 'user', userId: adaId, monthlyCredits: 600, spentCredits: 600 })]);
    const refused = await member.postMessage(childId, 'Once more');
    expect(await member.settled(childId, refused.agentMessageId)).toMatchObject({ status: 'failed', error: { code: 'credits_exhausted', metadata: { scope: 'user', userId: adaId } } });
    // A message without an author (the workspace key's) is not the member's: it still runs.
    openAI.server.enqueue(textScenario(['Still here']));
    const keys = await api.postMessage(conversationId, 'Anyone?');
    expect(await api.settled(conversationId, keys.agentMessageId)).toMatchObject({ status: 'succeeded' });
  });

  it('answers 400 for an unknown grouping and 404 for a conversation it cannot see', async () => {
    expect((await rollUp('planet')).status).toBe(400);
    expect((await get(`/api/w/${api.workspaceId}/consumption`)).status).toBe(400);
    expect((await consumption('nosuchconv')).status).toBe(404);
  });
});
