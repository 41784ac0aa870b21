import { assistant } from './support/agent-assistant-body';
import { call, startTestApp, type TestApp } from './support/test-app';

// Agent configuration status `disabled_missing_datasource` (spec part 3): an agent whose data
// source view is gone reads so in both families, in its own read and in the lists.

describe('an agent whose data source view was deleted', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
  });
  afterAll(() => t.close());

  it('reads disabled_missing_datasource once the view is deleted, and an agent without it stays active', async () => {
    const w = `/api/w/${workspaceId}`;
    const spaceId = (await call(t.baseUrl, 'POST', `${w}/spaces`, { key, body: { name: 'Handbook space', isRestricted: false } })).body.space.sId;
    const created = (await call(t.baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources`, { key, body: { name: 'Handbook' } })).body;
    const save = async (name: string, actions: unknown[]): Promise<string> => {
      const res = await call(t.baseUrl, 'POST', `${w}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name, actions }) } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.agentConfiguration.sId;
    };
    const handbook = await save('handbook', [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: created.dataSourceView.sId }] }]);
    const plain = await save('plain', []);
    const statusOf = async (family: string, sId: string): Promise<string> =>
      (await call(t.baseUrl, 'GET', `${family}/assistant/agent_configurations/${sId}`, { key })).body.agentConfiguration.status;
    expect(await statusOf(w, handbook)).toBe('active');

    expect((await call(t.baseUrl, 'DELETE', `${w}/spaces/${spaceId}/data_sources/${created.dataSource.sId}`, { key })).status).toBe(200);

    for (const family of [w, `/api/v1/w/${workspaceId}`]) {
      expect(await statusOf(family, handbook)).toBe('disabled_missing_datasource');
      expect(await statusOf(family, plain)).toBe('active');
      const listed = (await call(t.baseUrl, 'GET', `${family}/assistant/agent_configurations`, { key })).body.agentConfigurations;
      expect(listed.find((a: any) => a.sId === handbook)).toMatchObject({ status: 'disabled_missing_datasource' });
    }
  });
});
