import { useFakeOpenAI } from './support/use-fake-openai';
import { assistant } from './support/agent-assistant-body';
import { AgentApi, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { call } from './support/test-app';

// An agent given tables answers by querying them: the tool runs read-only SQL over the rows.

const openAI = useFakeOpenAI();

describe('agents query tables', () => {
  let api: AgentApi;
  let agentId: string;

  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { OPENAI_API_MODE: 'chat' }));
    const { t, workspaceId, key } = api;
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key, body: { name: 'Data', isRestricted: false } })).body.space.sId;
    const dsId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key, body: { name: 'Sales' } })).body.dataSource.sId;
    const base = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dsId}/tables`;
    await call(t.baseUrl, 'POST', base, { key, body: { name: 'orders', description: 'Orders by region', table_id: 'orders' } });
    const rows = [
      { row_id: '1', value: { region: 'north', amount: 10 } },
      { row_id: '2', value: { region: 'south', amount: 32 } },
      { row_id: '3', value: { region: 'north', amount: 100 } },
    ];
    expect((await call(t.baseUrl, 'POST', `${base}/orders/rows`, { key, body: { rows } })).status).toBe(200);
    const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: 'analyst', toolset: [`query_tables:${dsId}:orders`] }) } });
    expect(created.status).toBe(200);
    agentId = created.body.agentConfiguration.sId;
  });
  afterAll(() => api.t.close());

  it('sums a column with the query tool, and the SQL and result are recorded as the action', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'query_tables', args: { query: 'SELECT SUM(amount) AS total FROM "orders"' } }] }, textScenario(['The total is 142.']));
    const { conversationId, agentMessageId } = await api.createConversation('What is the total amount?', { agent: agentId });
    const message = await api.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'The total is 142.' });
    const [first, second] = runRequests(openAI.server);
    expect(JSON.stringify(first!.body)).toContain('amount int');
    // The model is told how many rows the table holds (and how many a query reads, were it larger).
    expect(JSON.stringify(first!.body)).toContain('Orders by region; 3 rows');
    expect(sentText(second!.body)).toMatch(/total.{0,4}:142/);
    expect(message.actions[0]).toMatchObject({
      functionCallName: 'query_tables',
      params: { query: 'SELECT SUM(amount) AS total FROM "orders"' },
      status: 'succeeded',
      output: [{ type: 'text', text: JSON.stringify({ rows: [{ total: 142 }], truncated: false }) }],
    });
  }, 30_000);

  it('a write fails that call cleanly and the agent recovers', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'query_tables', args: { query: 'DELETE FROM "orders"' } }] }, textScenario(['I cannot change the table.']));
    const { conversationId, agentMessageId } = await api.createConversation('Delete the orders', { agent: agentId });
    const message = await api.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'succeeded', content: 'I cannot change the table.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'query_tables', status: 'errored' });
    expect(sentText(runRequests(openAI.server)[1]!.body)).toMatch(/readonly|read-only/i);
  }, 30_000);
});
