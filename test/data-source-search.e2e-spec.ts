import type { SearchIndex } from '@app/storage';
import { SEARCH_INDEX } from '../apps/api/src/search/search.tokens';
import { startDataSourceApp } from './support/data-source-app';
import { call, type TestApp } from './support/test-app';
import { searchIndexCaughtUp, searchQueryString } from './support/search-helpers';

/** Search of data sources and views (reference §5.1) through HTTP, the index fed from the log. */
describe('data source search', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let builder: string;
  let user: string;
  let spaceId: string;
  let dataSource: any;
  let view: any;

  const dsPath = (suffix: string) => `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.sId}${suffix}`;
  const upsert = (documentId: string, body: unknown) => call(t.baseUrl, 'POST', dsPath(`/documents/${documentId}`), { key: builder, body });
  const search = async (path: string, params: Parameters<typeof searchQueryString>[0], key = user) => {
    await searchIndexCaughtUp(t);
    return call(t.baseUrl, 'GET', `${path}?${searchQueryString(params)}`, { key });
  };
  const ids = (res: { body: any }): string[] => res.body.documents.map((document: any) => document.document_id);

  beforeAll(async () => {
    ({ t, workspaceId, admin, builder, user, spaceId, dataSource, view } = await startDataSourceApp({ space: 'Knowledge', dataSource: 'Handbook' }));
    const docs = [
      { id: 'fox', text: 'The quick brown fox jumps over the lazy dog.', tags: ['animals', 'fast'], timestamp: 1_000, parent_id: 'zoo', source_url: 'https://example.com/fox' },
      { id: 'owl', text: 'The owl watches the fox from the oak at night.', tags: ['animals', 'birds'], timestamp: 2_000, parent_id: 'forest' },
      { id: 'tax', text: 'Quarterly tax filing deadlines for the finance team.', tags: ['finance'], timestamp: 3_000, parent_id: 'office' },
    ];
    for (const doc of docs) {
      const res = await upsert(doc.id, { text: doc.text, tags: doc.tags, timestamp: doc.timestamp, parent_id: doc.parent_id, source_url: doc.source_url });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('finds documents by their words on the view and on every data source path form, with chunk scores', async () => {
    const viewPath = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_source_views/${view.sId}/search`;
    const paths = [
      viewPath,
      `/api/w/${workspaceId}/spaces/${spaceId}/data_source_views/${view.sId}/search`,
      dsPath('/search'),
      `/api/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.sId}/search`,
      `/api/v1/w/${workspaceId}/data_sources/${dataSource.sId}/search`,
      `/api/w/${workspaceId}/data_sources/${dataSource.sId}/search`,
    ];
    for (const path of paths) {
      const res = await search(path, { query: 'fox', top_k: 10 });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(ids(res).sort()).toEqual(['fox', 'owl']);
    }
    const res = await search(viewPath, { query: 'quick fox', top_k: 10 });
    expect(res.body.search_mode).toBe('lexical');
    expect(res.body.lexical_only_reason).toEqual(expect.any(String));
    const [best] = res.body.documents;
    expect(best).toMatchObject({
      data_source_id: dataSource.sId,
      document_id: 'fox',
      parents: ['fox', 'zoo'],
      parent_id: 'zoo',
      tags: ['animals', 'fast', 'title:fox'],
      source_url: 'https://example.com/fox',
      timestamp: 1_000,
      chunk_count: 1,
      text: null,
      score: expect.any(Number),
    });
    expect(best.chunks).toEqual([{ text: expect.stringContaining('quick brown fox'), hash: expect.any(String), offset: 0, score: best.score }]);
    expect(best.score).toBeGreaterThan(res.body.documents[1].score);
  });

  it('applies top_k, full_text, target_document_tokens, timestamps, tags and parents', async () => {
    const path = dsPath('/search');
    expect(ids(await search(path, { query: 'fox', top_k: 1 }))).toEqual(['fox']);
    expect(ids(await search(path, { query: 'fox', top_k: 0 }))).toEqual([]);
    // Any non-empty value is true, even "false" (zod's coerced boolean).
    for (const flag of ['true', 'false', '0']) {
      const res = await search(path, { query: 'tax', top_k: 5, full_text: flag });
      expect(res.body.documents[0].text).toBe('Quarterly tax filing deadlines for the finance team.');
    }
    expect((await search(path, { query: 'tax', top_k: 5 })).body.documents[0].text).toBeNull();
    expect((await search(path, { query: 'tax', top_k: 5, target_document_tokens: 500 })).status).toBe(200);
    expect(ids(await search(path, { query: 'fox', top_k: 10, timestamp_gt: 1_500 }))).toEqual(['owl']);
    expect(ids(await search(path, { query: 'fox', top_k: 10, timestamp_lt: 1_500 }))).toEqual(['fox']);
    expect(ids(await search(path, { query: 'fox', top_k: 10, tags_in: ['birds', 'nothing'] }))).toEqual(['owl']);
    // A single value is wrapped into an array.
    expect(ids(await search(path, { query: 'fox', top_k: 10, tags_in: 'fast' }))).toEqual(['fox']);
    expect(ids(await search(path, { query: 'fox', top_k: 10, tags_not: ['fast'] }))).toEqual(['owl']);
    expect(ids(await search(path, { query: 'fox', top_k: 10, parents_in: ['forest'] }))).toEqual(['owl']);
    expect(ids(await search(path, { query: 'fox', top_k: 10, parents_not: ['forest', 'office'] }))).toEqual(['fox']);
    expect(ids(await search(path, { query: 'fox', top_k: 10, parents_in: ['fox'] }))).toEqual(['fox']);
  });

  it('refuses a missing or unreadable top_k, a missing query and unknown views with the reference errors', async () => {
    const path = dsPath('/search');
    for (const params of [{ query: 'fox' }, { query: 'fox', top_k: 'abc' }, { query: 'fox', top_k: 2.5 }, { top_k: 3 }, { query: 'fox', top_k: 3, timestamp_gt: 'soon' }]) {
      const res = await search(path, params);
      expect({ params, status: res.status, type: res.body.error?.type }).toEqual({ params, status: 400, type: 'invalid_request_error' });
    }
    const unknownView = await search(`/api/v1/w/${workspaceId}/spaces/${spaceId}/data_source_views/dsv_missing0000/search`, { query: 'fox', top_k: 3 });
    expect(unknownView.status).toBe(404);
    expect(unknownView.body.error.type).toBe('data_source_view_not_found');
    const unknownSource = await search(`/api/v1/w/${workspaceId}/data_sources/dts_missing0000/search`, { query: 'fox', top_k: 3 });
    expect(unknownSource.body.error.type).toBe('data_source_not_found');
    const unknownSpace = await search(`/api/v1/w/${workspaceId}/spaces/spc_missing0000/data_source_views/${view.sId}/search`, { query: 'fox', top_k: 3 });
    expect(unknownSpace.body.error.type).toBe('space_not_found');
  });

  it("applies the view's parentsIn and follows parent changes", async () => {
    const viewPath = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_source_views/${view.sId}`;
    const patched = await call(t.baseUrl, 'PATCH', viewPath, { key: builder, body: { parentsIn: ['zoo', 'office'] } });
    expect(patched.status).toBe(200);
    try {
      expect(ids(await search(`${viewPath}/search`, { query: 'fox', top_k: 10 })).sort()).toEqual(['fox']);
      expect(ids(await search(dsPath('/search'), { query: 'fox', top_k: 10 })).sort()).toEqual(['fox', 'owl']);
      const moved = await call(t.baseUrl, 'POST', dsPath('/documents/owl/parents'), { key: admin, body: { parent_id: 'zoo', parents: ['owl', 'zoo'] } });
      expect(moved.status).toBe(200);
      const res = await search(`${viewPath}/search`, { query: 'fox', top_k: 10 });
      expect(ids(res).sort()).toEqual(['fox', 'owl']);
      expect(res.body.documents.find((document: any) => document.document_id === 'owl').parents).toEqual(['owl', 'zoo']);
    } finally {
      await call(t.baseUrl, 'PATCH', viewPath, { key: builder, body: { parentsIn: null } });
    }
  });

  it('drops deleted documents and deleted data sources from results', async () => {
    const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key: builder, body: { name: 'Scratch' } });
    const scratch = created.body.dataSource;
    const scratchPath = (suffix: string) => `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${scratch.sId}${suffix}`;
    for (const id of ['a', 'b']) {
      await call(t.baseUrl, 'POST', scratchPath(`/documents/${id}`), { key: builder, body: { text: `zebra stripes ${id}` } });
    }
    expect(ids(await search(scratchPath('/search'), { query: 'zebra', top_k: 10 })).sort()).toEqual(['a', 'b']);
    expect((await call(t.baseUrl, 'DELETE', scratchPath('/documents/a'), { key: builder })).status).toBe(200);
    expect(ids(await search(scratchPath('/search'), { query: 'zebra', top_k: 10 }))).toEqual(['b']);
    // Past the routes: the index itself holds nothing of a deleted data source. No route can show
    // it (the data source is gone, its paths answer 404), so the index is asked directly.
    const index = t.app.get<SearchIndex>(SEARCH_INDEX);
    expect((await call(t.baseUrl, 'DELETE', scratchPath(''), { key: builder })).status).toBeLessThan(300);
    await searchIndexCaughtUp(t);
    expect(await index.searchLexical('zebra', { dataSourceIds: [scratch.sId] }, 10)).toEqual([]);
  });
});
