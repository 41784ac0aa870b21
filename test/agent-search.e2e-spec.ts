import { until } from '@app/contracts/test/until';
import { assistant } from './support/agent-assistant-body';
import { AgentApi, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { call } from './support/test-app';

jest.setTimeout(30_000);

/** The tool agents search their data sources with, and the MIME type of the documents it finds (the wire names). */
const SEARCH_TOOL_NAME = 'search_data_sources';
const SEARCH_RESULT_MIME_TYPE = 'application/vnd.dust.tool-output.data-source-search-result';

/** An agent given a data source view searches it through a tool and cites what it used. */
describe('agents search data sources', () => {
  let fake: FakeOpenAIServer;
  let api: AgentApi;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    api = await AgentApi.start(openAIEnv(fake));
  });
  afterAll(async () => {
    await api.t.close();
    await fake.close();
  });

  it('calls the search tool, records the documents it found as an action, and cites one by its marker', async () => {
    const w = `/api/w/${api.workspaceId}`;
    const spaceId = (await call(api.t.baseUrl, 'POST', `${w}/spaces`, { key: api.key, body: { name: 'Handbook space', isRestricted: false } })).body.space.sId;
    const created = (await call(api.t.baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources`, { key: api.key, body: { name: 'Handbook' } })).body;
    const dsId = created.dataSource.sId;
    const upsert = (id: string, body: unknown) => call(api.t.baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources/${dsId}/documents/${id}`, { key: api.key, body });
    expect((await upsert('leave', { text: 'Employees get 25 days of paid leave per year.', title: 'Leave policy', source_url: 'https://example.com/leave' })).status).toBe(200);
    expect((await upsert('expenses', { text: 'Expenses are reimbursed within 30 days.', title: 'Expenses' })).status).toBe(200);
    // The search index follows the log: both documents are found once it has applied them.
    const searchPath = `/api/v1/w/${api.workspaceId}/spaces/${spaceId}/data_sources/${dsId}/search?query=days&top_k=5`;
    await until(async () => (await call(api.t.baseUrl, 'GET', searchPath, { key: api.key })).body.documents?.length === 2, 10_000);

    const agentBody = assistant({ name: 'handbook', actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: created.dataSourceView.sId }] }] });
    const agentRes = await call(api.t.baseUrl, 'POST', `${w}/assistant/agent_configurations`, { key: api.key, body: { assistant: agentBody } });
    expect(agentRes.status).toBe(200);
    const agentId = agentRes.body.agentConfiguration.sId;

    // A first search shows the leave policy's marker: a function of the document alone, so the
    // scripted answer of the next run can cite it ahead of that run.
    fake.enqueue({ steps: [{ type: 'tool-call', name: SEARCH_TOOL_NAME, args: { query: 'leave' } }] }, textScenario(['Let me see.']));
    const first = await api.createConversation('What about leave?', { agent: agentId });
    const searched = await api.settled(first.conversationId, first.agentMessageId);
    const leaveRef: string = searched.actions[0].output.find((block: any) => block.type === 'resource' && block.resource.documentId === 'leave').resource.ref;
    fake.enqueue(
      { steps: [{ type: 'tool-call', name: SEARCH_TOOL_NAME, args: { query: 'paid leave days' } }] },
      textScenario([`You get 25 days of paid leave :cite[${leaveRef}].`]),
    );
    const { conversationId, agentMessageId } = await api.createConversation('How many days of leave?', { agent: agentId });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message.status).toBe('succeeded');
    expect(message.content).toBe(`You get 25 days of paid leave :cite[${leaveRef}].`);

    const [action] = message.actions;
    expect(action).toMatchObject({ functionCallName: SEARCH_TOOL_NAME, params: { query: 'paid leave days' }, status: 'succeeded' });
    const resources = action.output.filter((block: any) => block.type === 'resource').map((block: any) => block.resource);
    const cited = resources.find((resource: any) => resource.ref === leaveRef);
    expect(cited).toMatchObject({
      mimeType: SEARCH_RESULT_MIME_TYPE,
      documentId: 'leave',
      dataSourceId: dsId,
      dataSourceViewId: created.dataSourceView.sId,
      title: 'Leave policy',
      sourceUrl: 'https://example.com/leave',
      uri: 'https://example.com/leave',
      marker: `:cite[${leaveRef}]`,
    });
    expect(resources[0].documentId).toBe('leave');
    // The model saw the documents and their markers.
    expect(sentText(runRequests(fake).at(-1)?.body)).toContain(`:cite[${leaveRef}]`);
    expect(sentText(runRequests(fake).at(-1)?.body)).toContain('25 days of paid leave');
  });

  it('offers no search tool to agents without data sources', async () => {
    fake.enqueue(textScenario(['Hello.']));
    const { conversationId, agentMessageId } = await api.createConversation('Hi');
    await api.settled(conversationId, agentMessageId);
    const tools = (runRequests(fake).at(-1)!.body as { tools?: { function?: { name: string }; name?: string }[] }).tools ?? [];
    expect(tools.map((tool) => tool.function?.name ?? tool.name)).not.toContain(SEARCH_TOOL_NAME);
  });
});
