import { call, startTestApp, type TestApp } from './test-app';

/** An app without agent runner, a workspace with admin, builder and user keys, an open space and one data source in it. */
export interface DataSourceApp {
  readonly t: TestApp;
  readonly workspaceId: string;
  readonly admin: string;
  readonly builder: string;
  readonly user: string;
  readonly spaceId: string;
  /** The created data source and its view, as `POST …/data_sources` answers them. */
  readonly dataSource: any;
  readonly view: any;
}

/** Starts the app the data source specs share; the builder creates the data source. */
export async function startDataSourceApp(names: { space: string; dataSource: string }): Promise<DataSourceApp> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
  const { workspaceId, apiKey: admin } = await t.createWorkspace();
  const builder = await t.createKey(workspaceId, 'builder');
  const user = await t.createKey(workspaceId, 'user');
  const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name: names.space, isRestricted: false } })).body.space.sId;
  const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key: builder, body: { name: names.dataSource } });
  return { t, workspaceId, admin, builder, user, spaceId, dataSource: created.body.dataSource, view: created.body.dataSourceView };
}
