import { memberId as memberIdOf } from './support/members';
import { call, startTestApp, type TestApp } from './support/test-app';

/** Spaces, data sources and their views through HTTP, on both families. */
describe('spaces and data sources', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let builder: string;
  let user: string;
  let memberId: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: admin } = await t.createWorkspace());
    builder = await t.createKey(workspaceId, 'builder', 'bob@example.com');
    user = await t.createKey(workspaceId, 'user', 'ada@example.com');
    memberId = await memberIdOf(t.baseUrl, workspaceId, user);
  });
  afterAll(() => t.close());

  const w = (path: string, family: 'v1' | 'private' = 'v1') => `/api/${family === 'v1' ? 'v1/' : ''}w/${workspaceId}${path}`;

  async function createSpace(name: string, isRestricted: boolean, memberIds: string[] = []) {
    const res = await call(t.baseUrl, 'POST', w('/spaces', 'private'), { key: admin, body: { name, isRestricted, memberIds } });
    expect(res.status).toBe(200);
    return res.body.space;
  }

  async function createDataSource(spaceId: string, name: string, key = builder) {
    const res = await call(t.baseUrl, 'POST', w(`/spaces/${spaceId}/data_sources`, 'private'), { key, body: { name, description: `About ${name}` } });
    expect({ status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({ status: 200, body: undefined });
    return res.body as { dataSource: any; dataSourceView: any };
  }

  it('admins create regular spaces; restricted ones are listed to admins and members only', async () => {
    const open = await createSpace('Engineering', false);
    expect(open).toMatchObject({ sId: expect.stringMatching(/^vlt_/), kind: 'regular', name: 'Engineering', isRestricted: false, groupIds: [] });
    const secret = await createSpace('Board', true, [memberId]);
    const hidden = await createSpace('Finance', true);

    for (const family of ['v1', 'private'] as const) {
      const asAdmin = await call(t.baseUrl, 'GET', w('/spaces', family), { key: admin });
      // The workspace's own two spaces share a creation time; the new ones follow in creation order.
      expect(asAdmin.body.spaces.map((s: any) => s.name).slice(0, 2).sort()).toEqual(['Company Data', 'Conversations']);
      expect(asAdmin.body.spaces.map((s: any) => s.name).slice(2)).toEqual(['Engineering', 'Board', 'Finance']);
      const asMember = await call(t.baseUrl, 'GET', w('/spaces', family), { key: user });
      expect(asMember.body.spaces.map((s: any) => s.sId)).toEqual(expect.arrayContaining([open.sId, secret.sId]));
      expect(asMember.body.spaces.map((s: any) => s.sId)).not.toContain(hidden.sId);
      const asBuilder = await call(t.baseUrl, 'GET', w('/spaces', family), { key: builder });
      expect(asBuilder.body.spaces.map((s: any) => s.sId)).not.toContain(secret.sId);
    }
  });

  it('refuses space creation to non-admins, bad bodies, duplicate names and unknown members', async () => {
    const forbidden = await call(t.baseUrl, 'POST', w('/spaces', 'private'), { key: builder, body: { name: 'X', isRestricted: false } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.type).toBe('workspace_auth_error');
    const noFlag = await call(t.baseUrl, 'POST', w('/spaces', 'private'), { key: admin, body: { name: 'X' } });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error.message).toContain('isRestricted');
    await createSpace('Unique', false);
    const duplicate = await call(t.baseUrl, 'POST', w('/spaces', 'private'), { key: admin, body: { name: 'unique', isRestricted: false } });
    expect(duplicate.status).toBe(400);
    const unknown = await call(t.baseUrl, 'POST', w('/spaces', 'private'), { key: admin, body: { name: 'Y', isRestricted: true, memberIds: ['nobody0000'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('nobody0000');
  });

  it('creates a data source with its default view, lists and gets them on both families', async () => {
    const space = await createSpace('Docs', false);
    const { dataSource, dataSourceView } = await createDataSource(space.sId, 'Handbook');
    expect(dataSource).toMatchObject({
      id: expect.any(Number),
      sId: expect.stringMatching(/^dts_/),
      name: 'Handbook',
      description: 'About Handbook',
      connectorId: null,
      connectorProvider: null,
      assistantDefaultSelected: false,
    });
    expect(dataSourceView).toMatchObject({ sId: expect.stringMatching(/^dsv_/), kind: 'default', category: 'folder', parentsIn: null, spaceId: space.sId, dataSource });

    for (const family of ['v1', 'private'] as const) {
      const inSpace = await call(t.baseUrl, 'GET', w(`/spaces/${space.sId}/data_sources`, family), { key: user });
      expect(inSpace.body).toEqual({ data_sources: [dataSource] });
      const all = await call(t.baseUrl, 'GET', w('/data_sources', family), { key: user });
      expect(all.body.data_sources).toContainEqual(dataSource);
      const views = await call(t.baseUrl, 'GET', w(`/spaces/${space.sId}/data_source_views`, family), { key: user });
      expect(views.body).toEqual({ dataSourceViews: [dataSourceView] });
      const one = await call(t.baseUrl, 'GET', w(`/spaces/${space.sId}/data_source_views/${dataSourceView.sId}`, family), { key: user });
      expect(one.body).toEqual({ dataSourceView });
    }
  });

  it('patches a view with parentsIn, parentsToAdd and parentsToRemove', async () => {
    const space = await createSpace('Views', false);
    const { dataSourceView } = await createDataSource(space.sId, 'Viewed');
    const path = w(`/spaces/${space.sId}/data_source_views/${dataSourceView.sId}`);
    const patch = (body: unknown, key = builder) => call(t.baseUrl, 'PATCH', path, { key, body });

    expect((await patch({ parentsToAdd: ['a', 'b'] })).body.dataSourceView.parentsIn).toEqual(['a', 'b']);
    expect((await patch({ parentsToAdd: ['c'], parentsToRemove: ['a'] })).body.dataSourceView.parentsIn).toEqual(['b', 'c']);
    const replaced = await patch({ parentsIn: ['z'] });
    expect(replaced.body.dataSourceView).toMatchObject({ parentsIn: ['z'], sId: dataSourceView.sId });
    expect(replaced.body.dataSourceView.updatedAt).toBeGreaterThanOrEqual(dataSourceView.updatedAt);
    expect((await call(t.baseUrl, 'GET', path, { key: user })).body.dataSourceView.parentsIn).toEqual(['z']);

    const both = await patch({ parentsIn: ['a'], parentsToAdd: ['b'] });
    expect(both.status).toBe(400);
    expect(both.body.error.type).toBe('invalid_request_error');
    const notStrings = await patch({ parentsIn: [1] });
    expect(notStrings.status).toBe(400);
    const asUser = await patch({ parentsIn: [] }, user);
    expect(asUser.status).toBe(403);
    expect(asUser.body.error.type).toBe('workspace_auth_error');
  });

  it('answers space_not_found, data_source_not_found and data_source_view_not_found', async () => {
    const space = await createSpace('Errors', false);
    const { dataSource, dataSourceView } = await createDataSource(space.sId, 'Erroneous');
    const other = await createSpace('Other', false);
    const restricted = await createSpace('Locked', true);
    const conversations = (await call(t.baseUrl, 'GET', w('/spaces'), { key: admin })).body.spaces.find((s: any) => s.kind === 'conversations');
    const expectError = async (method: string, path: string, status: number, type: string, key = builder, body?: unknown) => {
      const res = await call(t.baseUrl, method, path, { key, body });
      expect({ path, status: res.status, type: res.body?.error?.type }).toEqual({ path, status, type });
    };
    await expectError('GET', w('/spaces/vlt_missing0000/data_sources'), 404, 'space_not_found');
    await expectError('GET', w(`/spaces/${conversations.sId}/data_source_views`), 404, 'space_not_found');
    await expectError('GET', w(`/spaces/${restricted.sId}/data_source_views`), 404, 'space_not_found');
    await expectError('POST', w(`/spaces/${restricted.sId}/data_sources`, 'private'), 404, 'space_not_found', builder, { name: 'n' });
    await expectError('GET', w(`/spaces/${space.sId}/data_source_views/dsv_missing0000`), 404, 'data_source_view_not_found');
    await expectError('GET', w(`/spaces/${other.sId}/data_source_views/${dataSourceView.sId}`), 404, 'data_source_view_not_found');
    await expectError('PATCH', w(`/spaces/${other.sId}/data_source_views/${dataSourceView.sId}`), 404, 'data_source_view_not_found', builder, { parentsIn: [] });
    await expectError('GET', w(`/spaces/${other.sId}/data_sources/${dataSource.sId}/documents`), 404, 'data_source_not_found');
    await expectError('GET', w('/data_sources/dts_missing0000/documents'), 404, 'data_source_not_found');
    await expectError('DELETE', w(`/spaces/${space.sId}/data_sources/dts_missing0000`), 404, 'data_source_not_found');
    await expectError('POST', w(`/spaces/${space.sId}/data_sources`, 'private'), 403, 'workspace_auth_error', user, { name: 'n' });
    await expectError('POST', w(`/spaces/${space.sId}/data_sources`, 'private'), 400, 'invalid_request_error', builder, { name: '' });
    await expectError('POST', w(`/spaces/${space.sId}/data_sources`, 'private'), 400, 'invalid_request_error', builder, { name: 'Erroneous' });

    // Another workspace's ids answer exactly like missing ones.
    const { workspaceId: otherWorkspace, apiKey: otherKey } = await t.createWorkspace('Elsewhere');
    const foreign = await call(t.baseUrl, 'GET', `/api/v1/w/${otherWorkspace}/data_sources/${dataSource.sId}/documents`, { key: otherKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.type).toBe('data_source_not_found');
    const foreignSpace = await call(t.baseUrl, 'GET', `/api/v1/w/${otherWorkspace}/spaces/${space.sId}/data_source_views`, { key: otherKey });
    expect(foreignSpace.body.error.type).toBe('space_not_found');
  });

  it('deletes a data source: its views, listings and documents go with it', async () => {
    const space = await createSpace('Doomed', false);
    const { dataSource, dataSourceView } = await createDataSource(space.sId, 'Temporary');
    const upsert = await call(t.baseUrl, 'POST', w(`/spaces/${space.sId}/data_sources/${dataSource.sId}/documents/d1`), { key: builder, body: { text: 'hello' } });
    expect(upsert.status).toBe(200);
    const asUser = await call(t.baseUrl, 'DELETE', w(`/spaces/${space.sId}/data_sources/${dataSource.sId}`, 'private'), { key: user });
    expect(asUser.status).toBe(403);

    const deleted = await call(t.baseUrl, 'DELETE', w(`/spaces/${space.sId}/data_sources/${dataSource.sId}`, 'private'), { key: builder });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: '' });
    expect((await call(t.baseUrl, 'GET', w(`/spaces/${space.sId}/data_sources`), { key: builder })).body).toEqual({ data_sources: [] });
    expect((await call(t.baseUrl, 'GET', w(`/spaces/${space.sId}/data_source_views`), { key: builder })).body).toEqual({ dataSourceViews: [] });
    const view = await call(t.baseUrl, 'GET', w(`/spaces/${space.sId}/data_source_views/${dataSourceView.sId}`), { key: builder });
    expect(view.body.error.type).toBe('data_source_view_not_found');
    const document = await call(t.baseUrl, 'GET', w(`/data_sources/${dataSource.sId}/documents/d1`), { key: builder });
    expect(document.body.error.type).toBe('data_source_not_found');
    const again = await call(t.baseUrl, 'DELETE', w(`/spaces/${space.sId}/data_sources/${dataSource.sId}`), { key: builder });
    expect(again.body.error.type).toBe('data_source_not_found');
  });
});
