import { EVENT_STORE, type EventStore } from '@app/storage';
import { startDataSourceApp } from './support/data-source-app';
import { call, type TestApp } from './support/test-app';

/** Documents of a data source (dust-api §5.3) through HTTP, on canonical and legacy paths. */
describe('data source documents', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let builder: string;
  let user: string;
  let spaceId: string;
  let dataSource: any;

  beforeAll(async () => {
    ({ t, workspaceId, admin, builder, user, spaceId, dataSource } = await startDataSourceApp({ space: 'Knowledge', dataSource: 'Handbook' }));
  });
  afterAll(() => t.close());

  /** The four path forms of one data source route. */
  const forms = (suffix: string) => [
    `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.sId}${suffix}`,
    `/api/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.sId}${suffix}`,
    `/api/v1/w/${workspaceId}/data_sources/${dataSource.sId}${suffix}`,
    `/api/w/${workspaceId}/data_sources/${dataSource.sId}${suffix}`,
  ];
  const canonical = (suffix: string) => forms(suffix)[0]!;
  const upsert = (documentId: string, body: unknown, key = builder, path = canonical(`/documents/${encodeURIComponent(documentId)}`)) =>
    call(t.baseUrl, 'POST', path, { key, body });

  it('upserts a text document and reads it back on every path form', async () => {
    const res = await upsert('doc-1', {
      text: 'The quick brown fox.',
      title: 'Foxes',
      mime_type: 'text/plain',
      source_url: 'https://example.com/foxes',
      tags: ['animals'],
      timestamp: 1_700_000_000_000,
      parent_id: 'folder-a',
    });
    expect(res.status).toBe(200);
    expect(res.body.data_source).toEqual(dataSource);
    expect(res.body.document).toMatchObject({
      data_source_id: dataSource.sId,
      document_id: 'doc-1',
      title: 'Foxes',
      mime_type: 'text/plain',
      source_url: 'https://example.com/foxes',
      tags: ['animals', 'title:Foxes'],
      timestamp: 1_700_000_000_000,
      parent_id: 'folder-a',
      parents: ['doc-1', 'folder-a'],
      text: 'The quick brown fox.',
      text_size: 20,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_count: expect.any(Number),
      chunk_count: 1,
      chunks: [{ text: expect.stringContaining('The quick brown fox.'), hash: expect.stringMatching(/^[0-9a-f]{64}$/), offset: 0, vector: null }],
    });
    for (const path of forms('/documents/doc-1')) {
      const got = await call(t.baseUrl, 'GET', path, { key: user });
      expect({ path, status: got.status }).toEqual({ path, status: 200 });
      expect(got.body.document).toEqual(res.body.document);
    }
    // The chunks are the ones search finds.
    const found = await call(t.baseUrl, 'GET', `${canonical('/search')}?query=quick%20fox&top_k=5`, { key: user });
    const hit = found.body.documents.find((d: any) => d.document_id === 'doc-1');
    expect(hit.chunk_count).toBe(1);
    expect(hit.chunks.map(({ text, hash, offset }: any) => ({ text, hash, offset }))).toEqual(
      res.body.document.chunks.map(({ text, hash, offset }: any) => ({ text, hash, offset })),
    );
    const listed = await call(t.baseUrl, 'GET', `${canonical('/documents')}?document_ids=doc-1`, { key: user });
    expect(listed.body.documents[0]).toMatchObject({ chunk_count: 1, chunks: res.body.document.chunks, text: null });
    // A data source is also named by its name, as the real service allows.
    const byName = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/data_sources/Handbook/documents/doc-1`, { key: user });
    expect(byName.body.document).toEqual(res.body.document);
  });

  it('upserts on every path form', async () => {
    for (const [index, path] of forms('/documents').entries()) {
      const res = await upsert(`form-${index}`, { text: `form ${index}` }, builder, `${path}/form-${index}`);
      expect({ path, status: res.status, id: res.body.document?.document_id }).toEqual({ path, status: 200, id: `form-${index}` });
    }
    const ids = (await call(t.baseUrl, 'GET', `${canonical('/documents')}?document_ids=form-0&document_ids=form-1&document_ids=form-2&document_ids=form-3`, { key: user })).body.documents;
    expect(ids.map((d: any) => d.document_id).sort()).toEqual(['form-0', 'form-1', 'form-2', 'form-3']);
  });

  it('hides the documents of a restricted space from non-members on every path form', async () => {
    const locked = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name: 'Locked', isRestricted: true } })).body.space.sId;
    const ds = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${locked}/data_sources`, { key: admin, body: { name: 'Secrets' } })).body.dataSource;
    expect((await upsert('secret', { text: 'hidden' }, admin, `/api/v1/w/${workspaceId}/data_sources/${ds.sId}/documents/secret`)).status).toBe(200);
    const canonicalPath = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces/${locked}/data_sources/${ds.sId}/documents/secret`, { key: builder });
    expect({ status: canonicalPath.status, type: canonicalPath.body.error.type }).toEqual({ status: 404, type: 'space_not_found' });
    const legacyPath = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/data_sources/${ds.sId}/documents/secret`, { key: builder });
    expect({ status: legacyPath.status, type: legacyPath.body.error.type }).toEqual({ status: 404, type: 'data_source_not_found' });
    const listed = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/data_sources`, { key: builder });
    expect(listed.body.data_sources.map((d: any) => d.sId)).not.toContain(ds.sId);
    const asAdmin = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/data_sources/${ds.sId}/documents/secret`, { key: admin });
    expect(asAdmin.body.document.text).toBe('hidden');
  });

  it('upserts a section tree: the text joins prefixes and contents depth first; blob gives the tree back', async () => {
    const section = {
      prefix: '# Guide\n',
      content: 'Intro.\n',
      sections: [
        { prefix: '## One\n', content: 'First.\n', sections: [{ prefix: null, content: 'Deep.\n', sections: [] }] },
        { prefix: '## Two\n', content: null, sections: [] },
      ],
    };
    const res = await upsert('guide', { section, tags: ['title:From tag'] });
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ title: 'From tag', tags: ['title:From tag'], text: '# Guide\nIntro.\n## One\nFirst.\nDeep.\n## Two\n', mime_type: 'application/octet-stream' });
    for (const path of forms('/documents/guide/blob')) {
      const blob = await call(t.baseUrl, 'GET', path, { key: user });
      expect(blob.body).toEqual({
        blob: { document_id: 'guide', mime_type: 'application/octet-stream', parent_id: null, parents: ['guide'], section, source_url: null, tags: ['title:From tag'], timestamp: expect.any(Number), title: 'From tag' },
      });
    }
  });

  it('re-upserting the same content writes no event; a change does', async () => {
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const body = { text: 'Stable text', title: 'Stable' };
    const first = await upsert('stable', body);
    const head = await eventStore.headPosition();
    const again = await upsert('stable', body);
    expect(again.body.document.hash).toBe(first.body.document.hash);
    expect(await eventStore.headPosition()).toBe(head);
    await upsert('stable', { ...body, tags: ['new'] });
    expect(await eventStore.headPosition()).toBeGreaterThan(head);
  });

  it('answers light and async upserts', async () => {
    const light = await upsert('light', { text: 'Light one', light_document_output: true });
    expect(light.body.document).toEqual({ hash: expect.any(String), text_size: 9, chunk_count: 1, token_count: expect.any(Number), created: expect.any(Number) });
    const deferred = await upsert('later', { text: 'Async one', async: true });
    expect(deferred.body).toEqual({ document: { document_id: 'later' } });
  });

  it('lists documents with limit, offset, document_ids and total, on every path form', async () => {
    for (let i = 0; i < 3; i += 1) await upsert(`page-${i}`, { text: `page ${i}`, timestamp: 1000 + i });
    for (const path of forms('/documents')) {
      const page = await call(t.baseUrl, 'GET', `${path}?document_ids=page-0&document_ids=page-1&document_ids=page-2&limit=2&offset=1`, { key: user });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(3);
      expect(page.body.documents.map((d: any) => d.document_id)).toEqual(['page-1', 'page-0']);
      expect(page.body.documents[0]).toMatchObject({ text: null, title: 'page-1', text_size: 6 });
    }
    const single = await call(t.baseUrl, 'GET', `${canonical('/documents')}?document_ids=page-2`, { key: user });
    expect(single.body.documents.map((d: any) => d.document_id)).toEqual(['page-2']);
    const all = await call(t.baseUrl, 'GET', canonical('/documents'), { key: user });
    expect(all.body.documents).toHaveLength(Math.min(10, all.body.total));
    const bad = await call(t.baseUrl, 'GET', `${canonical('/documents')}?limit=-1`, { key: user });
    expect(bad.status).toBe(400);
    const nan = await call(t.baseUrl, 'GET', `${canonical('/documents')}?offset=abc`, { key: user });
    expect(nan.status).toBe(400);
    const tooMany = await call(t.baseUrl, 'GET', `${canonical('/documents')}?limit=101`, { key: user });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('less than or equal to 100');
  });

  it('updates parents and deletes documents on every path form', async () => {
    const [one, two, three, four] = forms('');
    for (const [index, base] of [one, two, three, four].entries()) {
      const id = `moved-${index}`;
      await upsert(id, { text: 'moving' });
      const parents = await call(t.baseUrl, 'POST', `${base}/documents/${id}/parents`, { key: builder, body: { parent_id: 'p', parents: [id, 'p', 'root'] } });
      expect(parents.body).toEqual({ updated: true });
      expect((await call(t.baseUrl, 'GET', `${base}/documents/${id}`, { key: user })).body.document).toMatchObject({ parent_id: 'p', parents: [id, 'p', 'root'] });
      const deleted = await call(t.baseUrl, 'DELETE', `${base}/documents/${id}`, { key: builder });
      expect(deleted.body).toEqual({ document: { document_id: id } });
      const gone = await call(t.baseUrl, 'GET', `${base}/documents/${id}`, { key: user });
      expect({ status: gone.status, type: gone.body.error.type }).toEqual({ status: 404, type: 'data_source_document_not_found' });
    }
    const wrongFirst = await call(t.baseUrl, 'POST', canonical('/documents/doc-1/parents'), { key: builder, body: { parents: ['other'] } });
    expect(wrongFirst.status).toBe(400);
    const missing = await call(t.baseUrl, 'POST', canonical('/documents/nope/parents'), { key: builder, body: { parents: ['nope'] } });
    expect(missing.body.error.type).toBe('data_source_document_not_found');
  });

  it('tokenizes text into [id, text] pairs on every path form', async () => {
    for (const path of forms('/tokenize')) {
      const res = await call(t.baseUrl, 'POST', path, { key: user, body: { text: 'Hello world' } });
      expect(res.status).toBe(200);
      expect(res.body.tokens.map(([, text]: [number, string]) => text).join('')).toBe('Hello world');
      expect(res.body.tokens.every(([id]: [number, string]) => Number.isInteger(id))).toBe(true);
    }
    const missing = await call(t.baseUrl, 'POST', canonical('/tokenize'), { key: user, body: {} });
    expect(missing.status).toBe(400);
  });

  it('refuses writes from users with data_source_auth_error', async () => {
    const res = await upsert('forbidden', { text: 'no' }, user);
    expect({ status: res.status, type: res.body.error.type }).toEqual({ status: 403, type: 'data_source_auth_error' });
    const del = await call(t.baseUrl, 'DELETE', canonical('/documents/doc-1'), { key: user });
    expect({ status: del.status, type: del.body.error.type }).toEqual({ status: 403, type: 'data_source_auth_error' });
  });

  it('refuses bad upserts with clear 400s', async () => {
    const cases: [unknown, string][] = [
      [{}, 'give the document as text or as section'],
      [{ text: 'a', section: { prefix: null, content: 'b', sections: [] } }, 'not both'],
      [{ text: 'a', source_url: 'not a url' }, 'valid http(s) URL'],
      [{ text: 'a', source_url: 'javascript:alert(1)' }, 'valid http(s) URL'],
      [{ text: 'a', tags: 'x' }, 'tags'],
      [{ text: 'a', timestamp: 'soon' }, 'timestamp'],
      [{ text: 'a', title: 'x'.repeat(513) }, 'title'],
      [{ section: { prefix: 1, content: null, sections: [] } }, 'section.prefix must be a string or null'],
      [{ section: { content: 'x' } }, 'section.sections must be an array'],
      [{ section: { content: 'x', sections: [{ content: 'y', sections: [], extra: 1 }] } }, 'unrecognized key "extra"'],
      [{ text: 'a', parents: ['other'] }, 'parents[0] must be the document id'],
    ];
    for (const [body, message] of cases) {
      const res = await upsert('bad', body);
      expect({ body, status: res.status, type: res.body.error?.type }).toEqual({ body, status: 400, type: 'invalid_request_error' });
      expect(res.body.error.message).toContain(message);
    }
    let deep: any = { prefix: null, content: 'leaf', sections: [] };
    for (let i = 0; i < 20; i += 1) deep = { prefix: null, content: null, sections: [deep] };
    const tooDeep = await upsert('bad', { section: deep });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.message).toContain('must not nest more than 16 levels');
    const tooLong = await upsert('x'.repeat(513), { text: 'a' });
    expect(tooLong.status).toBe(400);
  });

  it('takes upsert_context.sync_type from its declared enum only', async () => {
    for (const upsert_context of [null, {}, { sync_type: 'batch' }, { sync_type: 'incremental' }]) {
      const res = await upsert('synced', { text: 'a', upsert_context, light_document_output: true });
      expect({ upsert_context, status: res.status }).toEqual({ upsert_context, status: 200 });
    }
    for (const sync_type of ['nightly', 'BATCH', 5, null, ['batch']]) {
      const res = await upsert('synced', { text: 'a', upsert_context: { sync_type } });
      expect({ sync_type, status: res.status, error: res.body.error }).toEqual({
        sync_type,
        status: 400,
        error: { type: 'invalid_request_error', message: expect.stringContaining('upsert_context.sync_type') },
      });
    }
    expect((await upsert('synced', { text: 'a', upsert_context: 'batch' })).status).toBe(400);
  });

  it('refuses documents over the 2 MiB cap with a 400, and stores one just under it', async () => {
    const big = 'a'.repeat(2 * 1024 * 1024 + 1);
    const refused = await upsert('big', { text: big });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('2 MiB');
    const bigSection = await upsert('big', { section: { prefix: null, content: big, sections: [] } });
    expect(bigSection.status).toBe(400);
    const fits = await upsert('big', { text: `${'word '.repeat(400_000)}`, light_document_output: true });
    expect(fits.status).toBe(200);
    expect(fits.body.document.text_size).toBe(2_000_000);
    const got = await call(t.baseUrl, 'GET', canonical('/documents/big'), { key: user });
    expect(got.body.document.text).toHaveLength(2_000_000);
  });

  it('answers 429 over 120 upserts a minute in a workspace', async () => {
    const { workspaceId: busy, apiKey } = await t.createWorkspace('Busy');
    const space = (await call(t.baseUrl, 'GET', `/api/v1/w/${busy}/spaces`, { key: apiKey })).body.spaces.find((s: any) => s.kind === 'global');
    const ds = (await call(t.baseUrl, 'POST', `/api/w/${busy}/spaces/${space.sId}/data_sources`, { key: apiKey, body: { name: 'Busy' } })).body.dataSource;
    // The budget is a bucket of 120 that refills at 2 a second: past the first 120, only what
    // refilled meanwhile gets through before the first 429.
    const started = Date.now();
    let accepted = 0;
    let refused: { status: number; body: any; headers: Headers } | null = null;
    for (let i = 0; i < 400 && !refused; i += 1) {
      const res = await call(t.baseUrl, 'POST', `/api/v1/w/${busy}/data_sources/${ds.sId}/documents/d${i % 3}`, { key: apiKey, body: { text: `n ${i}`, async: true } });
      if (res.status === 200) accepted += 1;
      else refused = res;
    }
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * 120);
    expect(refused?.status).toBe(429);
    expect(refused?.body.error.type).toBe('rate_limit_error');
    expect(accepted).toBeGreaterThanOrEqual(120);
    expect(accepted).toBeLessThanOrEqual(120 + refilled);
    // Reads are not counted against the upsert budget.
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${busy}/data_sources/${ds.sId}/documents`, { key: apiKey })).status).toBe(200);
  });
});
