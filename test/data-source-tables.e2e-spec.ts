import { postContent } from './support/file-upload-helpers';
import { startDataSourceApp } from './support/data-source-app';
import { call, type TestApp } from './support/test-app';

/** Tables of a data source and their rows (dust-api §5.4) through HTTP, on canonical and legacy paths. */
describe('data source tables', () => {
  let t: TestApp;
  let workspaceId: string;
  let builder: string;
  let user: string;
  let spaceId: string;
  let dsId: string;

  beforeAll(async () => {
    let dataSource: { sId: string };
    ({ t, workspaceId, builder, user, spaceId, dataSource } = await startDataSourceApp({ space: 'Data', dataSource: 'Sales' }));
    dsId = dataSource.sId;
  });
  afterAll(() => t.close());

  const forms = (suffix: string) => [
    `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dsId}${suffix}`,
    `/api/w/${workspaceId}/spaces/${spaceId}/data_sources/${dsId}${suffix}`,
    `/api/v1/w/${workspaceId}/data_sources/${dsId}${suffix}`,
    `/api/w/${workspaceId}/data_sources/${dsId}${suffix}`,
  ];
  const canonical = (suffix: string) => forms(suffix)[0]!;
  const createTable = (body: Record<string, unknown>, key = builder) => call(t.baseUrl, 'POST', canonical('/tables'), { key, body: { description: 'd', ...body } });
  const upsertRows = (tableId: string, body: unknown, key = builder) => call(t.baseUrl, 'POST', canonical(`/tables/${tableId}/rows`), { key, body });

  it('creates a table, lists and gets it on every path form, and refuses a second table of the same name', async () => {
    const created = await createTable({ name: 'orders', title: 'Orders', table_id: 'orders-1', tags: ['t'] });
    expect(created.status).toBe(200);
    expect(created.body.table).toMatchObject({ table_id: 'orders-1', name: 'orders', title: 'Orders', description: 'd', schema: null, tags: ['t'], parents: ['orders-1'], parent_id: null });
    for (const path of forms('/tables/orders-1')) {
      const got = await call(t.baseUrl, 'GET', path, { key: user });
      expect({ path, status: got.status, table: got.body.table }).toEqual({ path, status: 200, table: created.body.table });
    }
    for (const path of forms('/tables')) {
      const listed = await call(t.baseUrl, 'GET', path, { key: user });
      expect(listed.body.tables.map((table: { table_id: string }) => table.table_id)).toContain('orders-1');
    }
    const clash = await createTable({ name: 'orders', table_id: 'orders-2' });
    expect(clash.status).toBe(400);
    expect(clash.body.error.type).toBe('invalid_request_error');
    expect(clash.body.error.message).toMatch(/unique/);
    const generated = await createTable({ name: 'generated' });
    expect(generated.body.table.table_id).toMatch(/^\w{10}$/);
    expect((await createTable({ name: 'by-user' }, user)).status).toBe(403);
    const missing = await call(t.baseUrl, 'GET', canonical('/tables/nope'), { key: user });
    expect({ status: missing.status, type: missing.body.error.type }).toEqual({ status: 404, type: 'table_not_found' });
  });

  it('upserts rows with lowercased keys, infers the schema, pages and deletes rows', async () => {
    await createTable({ name: 'sales', table_id: 'sales' });
    const rows = Array.from({ length: 25 }, (_, i) => ({ row_id: `r${i}`, value: { Region: i % 2 ? 'north' : 'south', units: i, price: i + 0.5, paid: i % 3 === 0, at: { type: 'datetime', epoch: 1_700_000_000_000 + i } } }));
    const upserted = await upsertRows('sales', { rows });
    expect(upserted.status).toBe(200);
    expect(upserted.body.table).toEqual({
      name: 'sales',
      table_id: 'sales',
      description: 'd',
      schema: [
        { name: 'region', value_type: 'text', possible_values: ['south', 'north'] },
        { name: 'units', value_type: 'int', possible_values: null },
        { name: 'price', value_type: 'float', possible_values: null },
        { name: 'paid', value_type: 'bool', possible_values: null },
        { name: 'at', value_type: 'datetime', possible_values: null },
      ],
    });
    const page = await call(t.baseUrl, 'GET', canonical('/tables/sales/rows?limit=5&offset=20'), { key: user });
    expect(page.body).toMatchObject({ offset: 20, limit: 5, total: 25 });
    expect(page.body.rows.map((row: { row_id: string }) => row.row_id)).toEqual(['r20', 'r21', 'r22', 'r23', 'r24']);
    const defaults = await call(t.baseUrl, 'GET', canonical('/tables/sales/rows'), { key: user });
    expect(defaults.body).toMatchObject({ offset: 0, limit: 10, total: 25 });
    expect(defaults.body.rows).toHaveLength(10);
    for (const bad of ['limit=-1', 'offset=x', 'limit=1.5']) {
      expect((await call(t.baseUrl, 'GET', canonical(`/tables/sales/rows?${bad}`), { key: user })).status).toBe(400);
    }
    // Upserting a row again replaces its value and keeps its place.
    await upsertRows('sales', { rows: [{ row_id: 'r0', value: { region: 'east', units: 100 } }] });
    const first = await call(t.baseUrl, 'GET', canonical('/tables/sales/rows?limit=1'), { key: user });
    expect(first.body.rows).toEqual([{ row_id: 'r0', value: { region: 'east', units: 100 } }]);
    for (const path of forms('/tables/sales/rows/r3')) {
      const got = await call(t.baseUrl, 'GET', path, { key: user });
      expect({ path, row: got.body.row?.row_id }).toEqual({ path, row: 'r3' });
    }
    const removed = await call(t.baseUrl, 'DELETE', canonical('/tables/sales/rows/r3'), { key: builder });
    expect(removed.body).toEqual({ success: true });
    expect((await call(t.baseUrl, 'GET', canonical('/tables/sales/rows/r3'), { key: user })).status).toBe(404);
    expect((await call(t.baseUrl, 'DELETE', canonical('/tables/sales/rows/r3'), { key: builder })).status).toBe(404);
    expect((await call(t.baseUrl, 'GET', canonical('/tables/sales/rows'), { key: user })).body.total).toBe(24);
  });

  it('truncates, refuses bad keys and rows on missing tables, and deletes a table with its rows', async () => {
    await createTable({ name: 'scratch', table_id: 'scratch' });
    await upsertRows('scratch', { rows: [{ row_id: 'a', value: { n: 1 } }, { row_id: 'b', value: { n: 2 } }] });
    const truncated = await upsertRows('scratch', { rows: [{ row_id: 'c', value: { label: 'x' } }], truncate: true });
    expect(truncated.body.table.schema).toEqual([{ name: 'label', value_type: 'text', possible_values: ['x'] }]);
    const after = await call(t.baseUrl, 'GET', canonical('/tables/scratch/rows'), { key: user });
    expect(after.body).toMatchObject({ total: 1, rows: [{ row_id: 'c', value: { label: 'x' } }] });

    const badKey = await upsertRows('scratch', { rows: [{ row_id: 'd', value: { 'not ok': 1 } }] });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.message).toMatch(/rows\[0\].*lowercase alphanumeric/);
    const twice = await upsertRows('scratch', { rows: [{ row_id: 'd', value: { A: 1, a: 2 } }] });
    expect(twice.status).toBe(400);
    expect((await upsertRows('nope', { rows: [{ row_id: 'a', value: { n: 1 } }] })).status).toBe(404);

    const deleted = await call(t.baseUrl, 'DELETE', canonical('/tables/scratch'), { key: builder });
    expect(deleted.status).toBe(200);
    expect((await call(t.baseUrl, 'GET', canonical('/tables/scratch'), { key: user })).status).toBe(404);
    expect((await call(t.baseUrl, 'DELETE', canonical('/tables/scratch'), { key: builder })).status).toBe(404);
    // Created again under the same id, the table starts empty.
    await createTable({ name: 'scratch', table_id: 'scratch' });
    expect((await call(t.baseUrl, 'GET', canonical('/tables/scratch/rows'), { key: user })).body.total).toBe(0);
  });

  it('splits a large upsert into several storable events and bounds a request', async () => {
    await createTable({ name: 'wide', table_id: 'wide' });
    const text = 'x'.repeat(500);
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ row_id: `w${i}`, value: { i, text } }));
    const res = await upsertRows('wide', { rows });
    expect(res.status).toBe(200);
    expect((await call(t.baseUrl, 'GET', canonical('/tables/wide/rows?limit=1&offset=11999'), { key: user })).body).toMatchObject({ total: 12_000, rows: [{ row_id: 'w11999' }] });
    const tooMany = await upsertRows('wide', { rows: Array.from({ length: 50_001 }, (_, i) => ({ row_id: `${i}`, value: {} })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/at most 50000 rows/);
  }, 120_000);

  it('sets parents', async () => {
    await createTable({ name: 'kids', table_id: 'kids' });
    const res = await call(t.baseUrl, 'POST', canonical('/tables/kids/parents'), { key: builder, body: { parent_id: 'p', parents: ['kids', 'p'] } });
    expect(res.body).toEqual({ updated: true });
    expect((await call(t.baseUrl, 'GET', canonical('/tables/kids'), { key: user })).body.table).toMatchObject({ parent_id: 'p', parents: ['kids', 'p'] });
  });

  describe('CSV import', () => {
    const uploadCsv = async (text: string, useCase = 'upsert_table') => {
      const bytes = Buffer.from(text, 'utf8');
      const requested = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key: builder, body: { contentType: 'text/csv', fileName: 'data.csv', fileSize: bytes.length, useCase } });
      const fileId: string = requested.body.file.sId;
      await postContent(t.baseUrl, builder, `/api/v1/w/${workspaceId}/files/${fileId}`, bytes, 'data.csv', 'text/csv');
      return fileId;
    };
    const importCsv = (body: Record<string, unknown>) => call(t.baseUrl, 'POST', canonical('/tables/csv'), { key: builder, body: { description: 'imported', ...body } });

    it('creates a table from an uploaded CSV with its schema, and truncates on a second import', async () => {
      const fileId = await uploadCsv('\uFEFFCity;Population;Coastal\n"Brest";139000;true\n"Lyon";"522000";false\n"Saint-\nÉtienne";171000;false\n');
      const res = await importCsv({ name: 'cities', tableId: 'cities', fileId, truncate: true });
      expect(res.status).toBe(200);
      expect(res.body.table).toMatchObject({
        table_id: 'cities',
        schema: [
          { name: 'city', value_type: 'text', possible_values: ['Brest', 'Lyon', 'Saint-\nÉtienne'] },
          { name: 'population', value_type: 'int', possible_values: null },
          { name: 'coastal', value_type: 'bool', possible_values: null },
        ],
      });
      const rows = await call(t.baseUrl, 'GET', canonical('/tables/cities/rows'), { key: user });
      expect(rows.body).toMatchObject({ total: 3, rows: [{ row_id: '0', value: { city: 'Brest', population: 139000, coastal: true } }, { row_id: '1' }, { row_id: '2' }] });

      const smaller = await uploadCsv('city,population\nNantes,320000\n');
      await importCsv({ name: 'cities', tableId: 'cities', fileId: smaller, truncate: true });
      expect((await call(t.baseUrl, 'GET', canonical('/tables/cities/rows'), { key: user })).body).toMatchObject({ total: 1, rows: [{ value: { city: 'Nantes' } }] });
    });

    it('refuses a malformed CSV naming the line, writing nothing, and a file not meant for tables', async () => {
      const fileId = await uploadCsv('a,b\n1,2\n3,4,5\n');
      const res = await importCsv({ name: 'broken', tableId: 'broken', fileId });
      expect({ status: res.status, type: res.body.error.type }).toEqual({ status: 400, type: 'invalid_rows_request_error' });
      expect(res.body.error.message).toMatch(/line 3/);
      expect((await call(t.baseUrl, 'GET', canonical('/tables/broken'), { key: user })).status).toBe(404);
      const missing = await importCsv({ name: 'nofile', fileId: 'fil_nope' });
      expect({ status: missing.status, type: missing.body.error.type }).toEqual({ status: 404, type: 'file_not_found' });
    });

    it('imports in the background with async', async () => {
      const fileId = await uploadCsv('n\n1\n2\n');
      const res = await importCsv({ name: 'later', tableId: 'later', fileId, async: true });
      expect(res.body).toEqual({ table: { table_id: 'later' } });
      const deadline = Date.now() + 20_000;
      let total = 0;
      while (total < 2 && Date.now() < deadline) {
        total = (await call(t.baseUrl, 'GET', canonical('/tables/later/rows'), { key: user })).body.total ?? 0;
        if (total < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(total).toBe(2);
    });
  });
});
