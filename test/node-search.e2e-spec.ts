import type { DustAPI } from '@dust-tt/client';
import { officialClient, unwrapResult } from './support/official-client';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * Workspace-wide searches through the official client: searchDataSourceViews and searchNodes over
 * the documents, tables and folders of the views the caller can read.
 */
describe('node search and data source view search', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let builder: string;
  let user: string;
  let open: { spaceId: string; dataSource: any; view: any };
  let restricted: { spaceId: string; dataSource: any; view: any };
  let client: DustAPI;

  const dataSourceIn = async (name: string, isRestricted: boolean) => {
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name, isRestricted } })).body.space.sId;
    const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key: admin, body: { name: `${name} files` } });
    return { spaceId, dataSource: created.body.dataSource, view: created.body.dataSourceView };
  };
  const ds = (where: { spaceId: string; dataSource: any }, suffix: string) => `/api/v1/w/${workspaceId}/spaces/${where.spaceId}/data_sources/${where.dataSource.sId}${suffix}`;
  const post = async (path: string, body: unknown, key = builder) => {
    const res = await call(t.baseUrl, 'POST', path, { key, body });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
  };
  const search = (body: Record<string, unknown>, key = user) =>
    call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/search`, { key, body: { viewType: 'all', spaceIds: [], includeDataSources: false, limit: 10, ...body } });

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: admin } = await t.createWorkspace());
    builder = await t.createKey(workspaceId, 'builder');
    user = await t.createKey(workspaceId, 'user');
    open = await dataSourceIn('Legal', false);
    restricted = await dataSourceIn('Board', true);
    client = officialClient(t.baseUrl, workspaceId, user);
    const folder = { timestamp: 1_000, mime_type: 'application/vnd.dust.folder' };
    await post(ds(open, '/folders/contracts'), { ...folder, title: 'Contracts' });
    await post(ds(open, '/folders/archive'), { ...folder, title: 'Archive of contracts', parent_id: 'contracts', parents: ['archive', 'contracts'] });
    await post(ds(open, '/documents/lease'), { text: 'A lease.', title: 'Office lease contract', mime_type: 'text/plain', timestamp: 2_000, parent_id: 'contracts', parents: ['lease', 'contracts'], source_url: 'https://example.com/lease' });
    await post(ds(open, '/documents/memo'), { text: 'A memo.', title: 'Memo', timestamp: 3_000 });
    await post(ds(open, '/tables'), { name: 'contracts_2024', title: 'Contracts 2024', description: 'All contracts', table_id: 'contracts-table', timestamp: 4_000 });
    await post(ds(restricted, '/documents/secret'), { text: 'Board minutes.', title: 'Contract with the board', timestamp: 5_000 }, admin);
  });
  afterAll(() => t.close());

  it('searchNodes finds documents, tables and folders by title, exact then prefix then inside (newest first), with their parents and views', async () => {
    const nodes = unwrapResult(await client.searchNodes({ query: 'contract', viewType: 'all', spaceIds: [], includeDataSources: false, limit: 10 }));
    expect(nodes.map((node) => [node.type, node.internalId])).toEqual([
      ['table', 'contracts-table'],
      ['folder', 'contracts'],
      ['document', 'lease'],
      ['folder', 'archive'],
    ]);
    const lease = nodes.find((node) => node.internalId === 'lease')!;
    expect(lease).toMatchObject({
      title: 'Office lease contract',
      mimeType: 'text/plain',
      parentInternalId: 'contracts',
      parentsInternalIds: ['lease', 'contracts'],
      parentTitle: 'Contracts',
      sourceUrl: 'https://example.com/lease',
      lastUpdatedAt: 2_000,
      expandable: false,
      dataSource: { sId: open.dataSource.sId },
    });
    expect(lease.dataSourceViews.map((view) => view.sId)).toEqual([open.view.sId]);
    expect(nodes.find((node) => node.internalId === 'contracts')).toMatchObject({ expandable: true, parentInternalId: null, parentTitle: null });
  });

  it('honours viewType, nodeIds, limit, searchSourceUrls, includeDataSources and spaceIds', async () => {
    const ids = (res: { body: any }) => res.body.nodes.map((node: any) => node.internalId);
    expect(ids(await search({ query: 'contract', viewType: 'document' }))).toEqual(['contracts', 'lease', 'archive']);
    expect(ids(await search({ query: 'contract', viewType: 'table' }))).toEqual(['contracts-table', 'contracts', 'archive']);
    expect(ids(await search({ nodeIds: ['memo', 'lease'] }))).toEqual(['memo', 'lease']);
    const limited = await search({ query: 'contract', limit: 2 });
    expect({ count: limited.body.nodes.length, resultsCount: limited.body.resultsCount, warningCode: limited.body.warningCode }).toEqual({ count: 2, resultsCount: 4, warningCode: null });
    expect(ids(await search({ query: 'example.com/lease', searchSourceUrls: true }))).toEqual(['lease']);
    expect(ids(await search({ query: 'legal files', includeDataSources: true }))).toEqual(['datasource_node_id']);
    // The admin reads the restricted space too; spaceIds narrows to it.
    expect(ids(await search({ query: 'contract', spaceIds: [restricted.spaceId] }, admin))).toEqual(['secret']);
  });

  it('a deleted folder is no longer found', async () => {
    await post(ds(open, '/folders/gone'), { timestamp: 1, mime_type: 'application/vnd.dust.folder', title: 'Vanishing' });
    expect((await search({ query: 'vanishing' })).body.nodes).toHaveLength(1);
    expect((await call(t.baseUrl, 'DELETE', ds(open, '/folders/gone'), { key: builder })).status).toBe(200);
    expect((await search({ query: 'vanishing' })).body.nodes).toEqual([]);
  });

  it('refuses bad bodies, and spaces the caller cannot read or of another workspace, in the error envelope', async () => {
    const refusals: Array<[string, Record<string, unknown>]> = [
      ['both query and nodeIds', { query: 'a', nodeIds: ['a'] }],
      ['neither query nor nodeIds', {}],
      ['a long query', { query: 'q'.repeat(257) }],
      ['a limit too large', { query: 'a', limit: 1000 }],
      ['a fractional limit', { query: 'a', limit: 1.5 }],
      ['an unknown view type', { query: 'a', viewType: 'images' }],
      ['too many node ids', { nodeIds: Array.from({ length: 101 }, (_, i) => `n${i}`) }],
    ];
    for (const [what, body] of refusals) {
      const res = await search(body);
      expect({ what, status: res.status, type: res.body.error?.type }).toEqual({ what, status: 400, type: 'invalid_request_error' });
    }
    const other = await t.createWorkspace();
    for (const spaceId of [restricted.spaceId, 'vlt_unknown']) {
      const res = await search({ query: 'contract', spaceIds: [spaceId] });
      expect({ spaceId, status: res.status, type: res.body.error?.type }).toEqual({ spaceId, status: 404, type: 'space_not_found' });
    }
    const foreign = await call(t.baseUrl, 'POST', `/api/v1/w/${other.workspaceId}/search`, {
      key: other.apiKey,
      body: { query: 'contract', viewType: 'all', spaceIds: [open.spaceId], includeDataSources: false, limit: 10 },
    });
    expect(foreign.status).toBe(404);
    const nothing = await call(t.baseUrl, 'POST', `/api/v1/w/${other.workspaceId}/search`, { key: other.apiKey, body: { query: 'contract', viewType: 'all', spaceIds: [], includeDataSources: true, limit: 10 } });
    expect(nothing.body).toEqual({ nodes: [], warningCode: null, resultsCount: 0 });
  });

  it('searchDataSourceViews lists the readable views matching every filter', async () => {
    const all = unwrapResult(await client.searchDataSourceViews(new URLSearchParams()));
    expect(all.map((view) => view.sId)).toEqual([open.view.sId]);
    const asAdmin = officialClient(t.baseUrl, workspaceId, admin);
    expect(unwrapResult(await asAdmin.searchDataSourceViews(new URLSearchParams())).map((view) => view.sId)).toEqual([open.view.sId, restricted.view.sId]);
    expect(unwrapResult(await asAdmin.searchDataSourceViews(new URLSearchParams({ vaultId: restricted.spaceId }))).map((view) => view.sId)).toEqual([restricted.view.sId]);
    expect(unwrapResult(await asAdmin.searchDataSourceViews(new URLSearchParams({ dataSourceId: 'Legal files', kind: 'default', vaultKind: 'regular' })))).toEqual([
      expect.objectContaining({ sId: open.view.sId, kind: 'default', spaceId: open.spaceId, dataSource: expect.objectContaining({ sId: open.dataSource.sId }) }),
    ]);
    expect(unwrapResult(await asAdmin.searchDataSourceViews(new URLSearchParams({ vaultKind: 'global' })))).toEqual([]);
    const long = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/data_source_views/search?kind=${'k'.repeat(100)}`, { key: user });
    expect({ status: long.status, type: long.body.error?.type }).toEqual({ status: 400, type: 'invalid_request_error' });
    const other = await t.createWorkspace();
    const foreign = await call(t.baseUrl, 'GET', `/api/v1/w/${other.workspaceId}/data_source_views/search?vaultId=${open.spaceId}`, { key: other.apiKey });
    expect(foreign.body).toEqual({ data_source_views: [] });
  });

  it('searchUnified streams the knowledge results, page by page with the cursor, then empty tool results', async () => {
    const page = async (cursor?: string | null) => {
      const result = unwrapResult(await client.searchUnified({ query: 'contract', limit: 3, cursor, viewType: 'all', includeDataSources: false }));
      const events: any[] = [];
      for await (const event of result.eventStream) events.push(event);
      return events;
    };
    const first = await page();
    expect(first).toHaveLength(2);
    expect(first[0].knowledgeResults).toMatchObject({ warningCode: null, resultsCount: 4, nextPageCursor: expect.any(String) });
    expect(first[0].knowledgeResults.nodes.map((node: any) => node.internalId)).toEqual(['contracts-table', 'contracts', 'lease']);
    expect(first[1]).toEqual({ toolResults: [] });
    const second = await page(first[0].knowledgeResults.nextPageCursor);
    expect(second[0].knowledgeResults).toMatchObject({ nextPageCursor: null, resultsCount: 4 });
    expect(second[0].knowledgeResults.nodes.map((node: any) => node.internalId)).toEqual(['archive']);

    const path = `/api/v1/w/${workspaceId}/search?query=contract&viewType=tables&includeTools=false`;
    const raw = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${user}` } });
    expect(raw.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await raw.text();
    expect(text.split('\n\n').filter(Boolean).map((line) => JSON.parse(line.replace(/^data: /, '')).knowledgeResults.nodes.map((node: any) => node.internalId))).toEqual([
      ['contracts-table', 'contracts', 'archive'],
    ]);
    for (const query of ['', 'query=a&viewType=images', 'query=a&limit=500', 'query=a&cursor=abc', 'query=a&includeTools=maybe', `query=${'q'.repeat(300)}`]) {
      const refused = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/search?${query}`, { key: user });
      expect({ query, status: refused.status, type: refused.body.error?.type }).toEqual({ query, status: 400, type: 'invalid_request_error' });
    }
    const hidden = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/search?query=a&spaceIds=${restricted.spaceId}`, { key: user });
    expect({ status: hidden.status, type: hidden.body.error?.type }).toEqual({ status: 404, type: 'space_not_found' });
  });

  // Last: it narrows the open view for good.
  it('shows only the nodes under the parentsIn of a view, and only that view with them', async () => {
    const patched = await call(t.baseUrl, 'PATCH', `/api/v1/w/${workspaceId}/spaces/${open.spaceId}/data_source_views/${open.view.sId}`, { key: admin, body: { parentsIn: ['archive'] } });
    expect(patched.status).toBe(200);
    const res = await search({ query: 'contract' });
    expect(res.body.nodes.map((node: any) => [node.internalId, node.dataSourceViews.map((view: any) => view.parentsIn)])).toEqual([['archive', [['archive']]]]);
  });
});
