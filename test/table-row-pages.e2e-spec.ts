import { postContent } from './support/file-upload-helpers';
import { call, startTestApp, type TestApp } from './support/test-app';

/** Row counts, exact pages over holes in the row numbering, and the import status of a table. */
describe('table row pages and status', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key, body: { name: 'Data', isRestricted: false } })).body.space.sId;
    const dsId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key, body: { name: 'Sales' } })).body.dataSource.sId;
    base = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dsId}/tables`;
  });
  afterAll(() => t.close());

  const createTable = (tableId: string) => call(t.baseUrl, 'POST', base, { key, body: { name: tableId, description: 'd', table_id: tableId } });
  const upsert = async (tableId: string, rowIds: readonly string[], truncate = false) => {
    const res = await call(t.baseUrl, 'POST', `${base}/${tableId}/rows`, { key, body: { rows: rowIds.map((row_id) => ({ row_id, value: { id: row_id } })), truncate } });
    expect(res.status).toBe(200);
  };
  const remove = async (tableId: string, rowId: string) => expect((await call(t.baseUrl, 'DELETE', `${base}/${tableId}/rows/${rowId}`, { key })).status).toBe(200);
  const page = async (tableId: string, offset: number, limit: number) => (await call(t.baseUrl, 'GET', `${base}/${tableId}/rows?limit=${limit}&offset=${offset}`, { key })).body;
  const table = async (tableId: string) => (await call(t.baseUrl, 'GET', `${base}/${tableId}`, { key })).body.table;
  const ids = (from: number, to: number, prefix = 'r') => Array.from({ length: to - from }, (_, i) => `${prefix}${from + i}`);

  it('keeps the total exact through upserts of existing rows, deletes and a truncation', async () => {
    await createTable('counted');
    expect(await table('counted')).toMatchObject({ row_count: 0, status: null });
    await upsert('counted', ['a', 'b', 'c']);
    await upsert('counted', ['a', 'b', 'd']);
    expect((await page('counted', 0, 10)).total).toBe(4);
    await remove('counted', 'b');
    expect((await call(t.baseUrl, 'DELETE', `${base}/counted/rows/b`, { key })).status).toBe(404);
    expect((await page('counted', 0, 10)).total).toBe(3);
    expect((await table('counted')).row_count).toBe(3);
    await upsert('counted', ['x', 'y'], true);
    expect(await page('counted', 0, 10)).toMatchObject({ total: 2, rows: [{ row_id: 'x' }, { row_id: 'y' }] });
    await upsert('counted', ['x', 'z']);
    expect((await page('counted', 0, 10)).total).toBe(3);
  });

  it('answers exact pages at any offset, over deleted rows and row numbers spent on re-upserts', async () => {
    await createTable('holes');
    // Rows numbered 0–5,999; upserting most again spends numbers 6,000–10,999 on no new row, so the
    // rows added next are numbered from 11,000, past a whole empty block.
    await upsert('holes', ids(0, 6_000));
    await upsert('holes', ids(0, 5_000));
    await upsert('holes', ids(0, 100, 'n'));
    const deleted = ['r1', 'r4095', 'r4096', 'r5999', 'n0'];
    for (const rowId of deleted) await remove('holes', rowId);
    const expected = [...ids(0, 6_000), ...ids(0, 100, 'n')].filter((rowId) => !deleted.includes(rowId));
    expect(expected).toHaveLength(6_095);

    for (const [offset, limit] of [[0, 5], [1, 3], [4_090, 20], [4_094, 2], [5_990, 20], [6_090, 10], [6_095, 10], [7_000, 10], [0, 1_000], [3_500, 1_000]] as const) {
      const body = await page('holes', offset, limit);
      expect({ offset, limit, total: body.total, rows: body.rows.map((row: { row_id: string }) => row.row_id) }).toEqual({ offset, limit, total: 6_095, rows: expected.slice(offset, offset + limit) });
    }
  }, 120_000);

  describe('CSV import status', () => {
    const uploadCsv = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      const requested = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key, body: { contentType: 'text/csv', fileName: 'data.csv', fileSize: bytes.length, useCase: 'upsert_table' } });
      const fileId: string = requested.body.file.sId;
      await postContent(t.baseUrl, key, `/api/v1/w/${workspaceId}/files/${fileId}`, bytes, 'data.csv', 'text/csv');
      return fileId;
    };
    const importCsv = (body: Record<string, unknown>) => call(t.baseUrl, 'POST', `${base}/csv`, { key, body: { description: 'imported', ...body } });

    it('shows a finished import as ready with its rows', async () => {
      const res = await importCsv({ name: 'imported', tableId: 'imported', fileId: await uploadCsv('n\n1\n2\n3\n') });
      expect(res.status).toBe(200);
      expect(await table('imported')).toMatchObject({ row_count: 3, status: { state: 'ready', rows_imported: 3, reason: null } });
    });

    const statusOf = async (tableId: string, done: (state: string | undefined) => boolean) => {
      const deadline = Date.now() + 30_000;
      let status = (await table(tableId)).status;
      while (!done(status?.state) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await table(tableId)).status;
      }
      return status;
    };

    it('shows a failed background import with the reason, and the table keeps its rows', async () => {
      await importCsv({ name: 'broken', tableId: 'broken', fileId: await uploadCsv('n\nold1\nold2\n'), truncate: true });
      // Malformed at line 5,502: after a first batch of 5,000 rows was staged.
      const rows = Array.from({ length: 5_500 }, (_, i) => `${i}`);
      const res = await importCsv({ name: 'broken', tableId: 'broken', fileId: await uploadCsv(`n\n${rows.join('\n')}\n1,2,3\n`), truncate: true, async: true });
      expect(res.status).toBe(200);
      const status = await statusOf('broken', (state) => state === 'failed');
      expect(status).toMatchObject({ state: 'failed', rows_imported: 0 });
      expect(status.reason).toMatch(/line 5502/);
      expect((await table('broken')).row_count).toBe(2);
      expect((await page('broken', 0, 10)).rows.map((row: { value: { n: string } }) => row.value.n)).toEqual(['old1', 'old2']);
    }, 60_000);

    it('refuses a second import into a table while one runs, with 409 table_import_in_progress, and no mixed rows', async () => {
      // Large enough to run for a good second: the three requests below go out together at once,
      // and all of them must land while it runs (30,000 rows once finished first on a fast machine).
      const big = await uploadCsv(`n\n${Array.from({ length: 150_000 }, (_, i) => `big${i}`).join('\n')}\n`);
      const small = await uploadCsv('n\nsmall0\nsmall1\n');
      const first = await importCsv({ name: 'raced', tableId: 'raced', fileId: big, truncate: true, async: true });
      expect(first.status).toBe(200);
      const [second, rowWrite, during] = await Promise.all([
        importCsv({ name: 'raced', tableId: 'raced', fileId: small, truncate: true }),
        call(t.baseUrl, 'POST', `${base}/raced/rows`, { key, body: { rows: [{ row_id: 'x', value: { n: 'x' } }] } }),
        page('raced', 0, 1),
      ]);
      expect(second.status).toBe(409);
      expect(second.body.error.type).toBe('table_import_in_progress');
      expect(typeof second.body.error.message).toBe('string');
      expect({ status: rowWrite.status, type: rowWrite.body.error?.type }).toEqual({ status: 409, type: 'table_import_in_progress' });
      // While it runs, readers see the table as it was: empty.
      expect(during.total).toBe(0);
      expect(await statusOf('raced', (state) => state === 'ready')).toMatchObject({ state: 'ready', rows_imported: 150_000 });
      expect((await table('raced')).row_count).toBe(150_000);
      // Once it has ended, the next import goes through and replaces the rows.
      expect((await importCsv({ name: 'raced', tableId: 'raced', fileId: small, truncate: true })).status).toBe(200);
      expect((await page('raced', 0, 10)).rows.map((row: { value: { n: string } }) => row.value.n)).toEqual(['small0', 'small1']);
    }, 60_000);

    it('concurrent synchronous imports into one table: one goes through, the others are refused, and the rows are one file', async () => {
      const files = await Promise.all([0, 1, 2].map((i) => uploadCsv(`n\n${Array.from({ length: 6_000 }, (_, r) => `f${i}-${r}`).join('\n')}\n`)));
      const answers = await Promise.all(files.map((fileId) => importCsv({ name: 'concurrent', tableId: 'concurrent', fileId, truncate: true })));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      const all = (await page('concurrent', 0, 10_000)).rows.map((row: { value: { n: string } }) => row.value.n.split('-')[0]);
      expect(all).toHaveLength(6_000);
      expect(new Set(all).size).toBe(1);
    }, 60_000);
  });
});
