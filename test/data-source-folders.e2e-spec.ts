import type { DustAPI } from '@dust-tt/client';
import { startDataSourceApp } from './support/data-source-app';
import { officialClient, unwrapResult } from './support/official-client';
import { searchIndexCaughtUp, searchQueryString } from './support/search-helpers';
import { call, type TestApp } from './support/test-app';

/** Folders of a data source: the official client's upsertFolder / deleteFolder, and folders as parents in search. */
describe('data source folders', () => {
  let t: TestApp;
  let workspaceId: string;
  let builder: string;
  let user: string;
  let spaceId: string;
  let dataSource: any;
  let client: DustAPI;

  const canonical = (suffix: string) => `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.sId}${suffix}`;
  const legacy = (suffix: string) => `/api/w/${workspaceId}/data_sources/${dataSource.sId}${suffix}`;
  /** What the client's upsertFolder takes, its nullable fields defaulted the way a caller without them sends them. */
  const folderArgs = (folderId: string, title: string, timestamp = 1_700_000_000_000) => ({
    dataSourceId: dataSource.sId as string,
    folderId,
    timestamp,
    title,
    parentId: null,
    parents: [folderId],
    mimeType: 'application/vnd.dust.folder',
    sourceUrl: null,
    providerVisibility: null,
  });
  const folderBody = { timestamp: 1_700_000_000_000, title: 'Contracts', mime_type: 'application/vnd.dust.folder' };

  beforeAll(async () => {
    ({ t, workspaceId, builder, user, spaceId, dataSource } = await startDataSourceApp({ space: 'Knowledge', dataSource: 'Handbook' }));
    client = officialClient(t.baseUrl, workspaceId, builder);
  });
  afterAll(() => t.close());

  it('upsertFolder answers the folder and its data source; documents under it are found with parents_in', async () => {
    const root = unwrapResult(await client.upsertFolder(folderArgs('root', 'Legal', 1_700_000_000_000.7)));
    // The client keeps the fields of its own schema.
    expect(root).toEqual({ folder: { data_source_id: dataSource.sId, folder_id: 'root', title: 'Legal', parents: ['root'], timestamp: 1_700_000_000_000 }, data_source: dataSource });
    const child = unwrapResult(
      await client.upsertFolder({
        dataSourceId: dataSource.sId,
        folderId: 'contracts/2024',
        timestamp: 1_700_000_000_001,
        title: '  ',
        parentId: 'root',
        parents: ['contracts/2024', 'root'],
        mimeType: 'application/vnd.dust.folder',
        sourceUrl: 'https://example.com/contracts',
        providerVisibility: 'private',
      }),
    );
    expect(child.folder).toEqual({ data_source_id: dataSource.sId, folder_id: 'contracts/2024', title: 'Untitled Folder', parents: ['contracts/2024', 'root'], timestamp: 1_700_000_000_001 });

    for (const [id, parents] of [['lease', ['lease', 'contracts/2024', 'root']], ['memo', ['memo']]] as const) {
      const res = await call(t.baseUrl, 'POST', canonical(`/documents/${id}`), { key: builder, body: { text: `The ${id} of the office.`, parent_id: parents[1] ?? null, parents } });
      expect(res.status).toBe(200);
    }
    await searchIndexCaughtUp(t);
    for (const folder of ['root', 'contracts/2024']) {
      const found = await call(t.baseUrl, 'GET', `${canonical('/search')}?${searchQueryString({ query: 'office', top_k: 10, parents_in: [folder] })}`, { key: user });
      expect(found.status).toBe(200);
      expect(found.body.documents.map((document: any) => document.document_id)).toEqual(['lease']);
    }
  });

  it('the same upsert again changes nothing; a change replaces the folder, on every path form', async () => {
    const first = await call(t.baseUrl, 'POST', canonical('/folders/again'), { key: builder, body: folderBody });
    expect(first.body).toEqual({
      folder: { data_source_id: dataSource.sId, folder_id: 'again', title: 'Contracts', parent_id: null, parents: ['again'], timestamp: 1_700_000_000_000, mime_type: 'application/vnd.dust.folder', source_url: null, provider_visibility: null },
      data_source: dataSource,
    });
    const again = await call(t.baseUrl, 'POST', legacy('/folders/again'), { key: builder, body: folderBody });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const renamed = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.sId}/folders/again`, { key: builder, body: { ...folderBody, title: 'Renamed' } });
    expect(renamed.body.folder.title).toBe('Renamed');
  });

  it('deleteFolder answers the folder id, also for a folder that does not exist', async () => {
    unwrapResult(await client.upsertFolder(folderArgs('gone', 'Gone')));
    expect(unwrapResult(await client.deleteFolder({ dataSourceId: dataSource.sId, folderId: 'gone' }))).toEqual({ folder: { folder_id: 'gone' } });
    expect(unwrapResult(await client.deleteFolder({ dataSourceId: dataSource.sId, folderId: 'gone' }))).toEqual({ folder: { folder_id: 'gone' } });
  });

  it('refuses members who cannot write, bad bodies and hostile input with 4xx in the error envelope', async () => {
    const asUser = await call(t.baseUrl, 'POST', canonical('/folders/f'), { key: user, body: folderBody });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error.type).toBe('data_source_auth_error');
    expect((await call(t.baseUrl, 'DELETE', canonical('/folders/f'), { key: user })).status).toBe(403);

    const refusals: Array<[string, unknown]> = [
      ['no title', { timestamp: 1, mime_type: 'x' }],
      ['no mime type', { timestamp: 1, title: 't' }],
      ['no timestamp', { title: 't', mime_type: 'x' }],
      ['a long title', { ...folderBody, title: 'x'.repeat(513) }],
      ['many parents', { ...folderBody, parent_id: 'p1', parents: ['f', ...Array.from({ length: 80 }, (_, i) => `p${i + 1}`)] }],
      ['parents not starting with the folder', { ...folderBody, parents: ['other'] }],
      ['parents[1] other than parent_id', { ...folderBody, parent_id: 'a', parents: ['f', 'b'] }],
      ['empty parents', { ...folderBody, parents: [] }],
      ['an unknown visibility', { ...folderBody, provider_visibility: 'secret' }],
      ['a javascript url', { ...folderBody, source_url: 'javascript:alert(1)' }],
    ];
    for (const [what, body] of refusals) {
      const res = await call(t.baseUrl, 'POST', canonical('/folders/f'), { key: builder, body });
      expect({ what, status: res.status, type: res.body.error?.type }).toEqual({ what, status: 400, type: 'invalid_request_error' });
    }
    const longId = await call(t.baseUrl, 'POST', canonical(`/folders/${'i'.repeat(600)}`), { key: builder, body: folderBody });
    expect(longId.status).toBe(400);
  });

  it("another workspace's data source is not found", async () => {
    const other = await t.createWorkspace();
    const res = await call(t.baseUrl, 'POST', `/api/v1/w/${other.workspaceId}/data_sources/${dataSource.sId}/folders/f`, { key: other.apiKey, body: folderBody });
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe('data_source_not_found');
    const viaClient = await officialClient(t.baseUrl, other.workspaceId, other.apiKey).deleteFolder({ dataSourceId: dataSource.sId, folderId: 'root' });
    expect(viaClient.isErr()).toBe(true);
  });
});
