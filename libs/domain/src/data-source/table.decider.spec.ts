import type { DataSourceTableEvent, TableMetadata } from '@app/contracts/events/data-source/data-source-table.events';
import type { TableRow } from '@app/contracts/tables/table-values';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { TableCommand } from './table.commands';
import { tableDecider } from './table.decider';
import { extendSchema } from './table-schema';

const now = 1_700_000_000_000;
const address = { workspaceId: 'W0rkspace1', spaceId: 'vlt_space', dataSourceId: 'dts_one', tableId: 'orders' };
const metadata: TableMetadata = { name: 'orders', title: 'Orders', description: 'd', mimeType: 'text/csv', sourceUrl: null, tags: [], timestamp: now, parentId: null, parents: ['orders'] };
const upserted: DataSourceTableEvent = { type: 'TableUpserted', data: { ...address, ...metadata, generation: 0, createdAt: now, at: now } };
const rowsCommand = (rows: TableRow[], truncate = false, maxEventBytes = 1_000_000): TableCommand => ({ type: 'UpsertTableRows', address, rows, truncate, maxEventBytes, now });
const spec = deciderSpec(tableDecider);

describe('table decider', () => {
  it('records metadata once; the same metadata again is a no-op', () => {
    spec.given([]).when({ type: 'UpsertTable', address, metadata, now }).then([upserted]);
    spec.given([upserted]).when({ type: 'UpsertTable', address, metadata, now: now + 1 }).thenNothing();
  });

  it('refuses rows, parents and deletion on a table that does not exist', () => {
    spec.given([]).when(rowsCommand([{ row_id: 'a', value: { n: 1 } }])).thenThrows('table_not_found');
    spec.given([]).when({ type: 'DeleteTable', address, now }).thenThrows('table_not_found');
    spec.given([]).when({ type: 'UpdateTableParents', address, parentId: null, parents: ['orders'], now }).thenThrows('table_not_found');
  });

  it('splits rows into events within the byte bound, numbering them in order and carrying the schema so far', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ row_id: `r${i}`, value: { n: i, text: 'x'.repeat(80) } }));
    const events = spec.given([upserted]).when(rowsCommand(rows, false, 300)).events();
    expect(events.length).toBeGreaterThan(3);
    for (const event of events) expect(Buffer.byteLength(JSON.stringify((event.data as { rows: unknown }).rows))).toBeLessThanOrEqual(300);
    const batches = events.map((event) => event.data as { firstOrdinal: number; rows: TableRow[] });
    expect(batches.flatMap((batch) => batch.rows)).toEqual(rows);
    let ordinal = 0;
    for (const batch of batches) {
      expect(batch.firstOrdinal).toBe(ordinal);
      ordinal += batch.rows.length;
    }
    expect((events.at(-1)!.data as { schema: unknown }).schema).toEqual(extendSchema([], rows));
  });

  it('keeps a row sent twice once, as last sent', () => {
    const [event] = spec.given([upserted]).when(rowsCommand([{ row_id: 'a', value: { n: 1 } }, { row_id: 'a', value: { n: 2 } }])).events();
    expect((event!.data as { rows: TableRow[] }).rows).toEqual([{ row_id: 'a', value: { n: 2 } }]);
  });

  it('truncates into a new generation with an empty schema, and a table created again keeps counting generations', () => {
    const first = spec.given([upserted]).when(rowsCommand([{ row_id: 'a', value: { n: 1 } }])).events();
    const truncating = spec.given([upserted, ...first]).when(rowsCommand([{ row_id: 'b', value: { s: 'x' } }], true)).events();
    expect(truncating[0]).toEqual({ type: 'TableTruncated', data: { ...address, generation: 1, replacedGeneration: 0, at: now } });
    expect(truncating[1]!.data).toMatchObject({ generation: 1, firstOrdinal: 1, schema: [{ name: 's', value_type: 'text', possible_values: ['x'] }] });
    const deleted = spec.given([upserted, ...first, ...truncating]).when({ type: 'DeleteTable', address, now }).events()[0]!;
    expect(deleted).toEqual({ type: 'TableDeleted', data: { ...address, generation: 1, at: now } });
    const again = spec.given([upserted, ...first, ...truncating, deleted]).when({ type: 'UpsertTable', address, metadata, now }).events();
    expect(again[0]!.data).toMatchObject({ generation: 2 });
  });
});

describe('table CSV imports', () => {
  const start = (importId: string, truncate = true): TableCommand => ({ type: 'StartTableImport', address, metadata, importId, fileId: 'fil_1', truncate, now });
  const stage = (importId: string, rows: TableRow[], offset: number | null): TableCommand => ({
    type: 'StageTableImportRows',
    address,
    importId,
    rows,
    from: offset === null ? { source: 'table' } : { source: 'file', offset },
    maxEventBytes: 1_000_000,
    now,
  });
  const history = (...commands: TableCommand[]) => {
    const events: DataSourceTableEvent[] = [];
    for (const command of commands) events.push(...spec.given(events).when(command).events());
    return events;
  };
  const row = (row_id: string): TableRow => ({ row_id, value: { n: 1 } });

  it('creates the table and starts the import in one decision, staging in a generation of its own', () => {
    spec.given([]).when(start('imp')).then([upserted, { type: 'TableImportStarted', data: { ...address, importId: 'imp', fileId: 'fil_1', truncate: true, generation: 1, at: now } }]);
  });

  it('refuses a second import, and any other row write, while one runs; a repeat of the start is a no-op', () => {
    const running = history(start('imp'));
    spec.given(running).when(start('other')).thenThrows('table_import_in_progress');
    spec.given(running).when(start('imp')).thenNothing();
    spec.given(running).when(rowsCommand([row('a')])).thenThrows('table_import_in_progress');
    spec.given(running).when({ type: 'DeleteTableRow', address, rowId: 'a', now }).thenThrows('table_import_in_progress');
    const ended = history(start('imp'), { type: 'CompleteTableImport', address, importId: 'imp', now });
    expect(spec.given(ended).when(start('other')).events().at(-1)).toMatchObject({ type: 'TableImportStarted', data: { generation: 2 } });
  });

  it('completes by replacing the generation with the staged one, counting the file rows', () => {
    const events = history(start('imp'), stage('imp', [row('a'), row('b')], 0), stage('imp', [row('c')], 2));
    spec.given(events).when({ type: 'CompleteTableImport', address, importId: 'imp', now }).then([
      { type: 'TableImportCompleted', data: { ...address, importId: 'imp', generation: 1, replacedGeneration: 0, schema: extendSchema([], [row('a')]), rowsImported: 3, at: now } },
    ]);
    spec.given(events).when({ type: 'CompleteTableImport', address, importId: 'someone else', now }).thenNothing();
  });

  it('refuses a batch that does not follow what is staged (a second runner), and rows of the table once the file is being staged', () => {
    const events = history(start('imp', false), stage('imp', [row('old')], null), stage('imp', [row('a'), row('b')], 0));
    spec.given(events).when(stage('imp', [row('b')], 1)).thenThrows('table_import_in_progress');
    spec.given(events).when(stage('imp', [row('old')], null)).thenThrows('table_import_in_progress');
    expect(spec.given(events).when(stage('imp', [row('c')], 2)).events()[0]!.data).toMatchObject({ source: 'file', firstOrdinal: 3 });
  });

  it('fails with the reason, and never uses the generation it spent again', () => {
    const failed = history(start('imp'), stage('imp', [row('a')], 0), { type: 'FailTableImport', address, importId: 'imp', reason: 'Malformed CSV at line 5501', now });
    expect(failed.at(-1)).toEqual({ type: 'TableImportFailed', data: { ...address, importId: 'imp', generation: 1, reason: 'Malformed CSV at line 5501', at: now } });
    expect(spec.given(failed).when(rowsCommand([row('x')], true)).events()[0]).toEqual({ type: 'TableTruncated', data: { ...address, generation: 2, replacedGeneration: 0, at: now } });
    const deleted = spec.given(failed).when({ type: 'DeleteTable', address, now }).events();
    expect(spec.given([...failed, ...deleted]).when({ type: 'UpsertTable', address, metadata, now }).events()[0]!.data).toMatchObject({ generation: 2 });
  });

  it('ends a running import when the table is deleted', () => {
    const running = history(start('imp'), stage('imp', [row('a')], 0));
    expect(spec.given(running).when({ type: 'DeleteTable', address, now }).events().map((event) => event.type)).toEqual(['TableImportFailed', 'TableDeleted']);
  });

  it('fails an import recorded before imports were staged, and leaves a staged one to its runner', () => {
    const legacy: DataSourceTableEvent = { type: 'TableImportStatusChanged', data: { ...address, state: 'importing', rowsImported: 0, reason: null, at: now } };
    const fail: TableCommand = { type: 'FailUnstagedImport', address, rowsImported: 5_000, reason: 'interrupted', now };
    spec.given([upserted, legacy]).when(fail).then([{ type: 'TableImportStatusChanged', data: { ...address, state: 'failed', rowsImported: 5_000, reason: 'interrupted', at: now } }]);
    spec.given(history(start('imp'))).when(fail).thenNothing();
  });
});

describe('table schema inference', () => {
  const row = (value: TableRow['value']): TableRow => ({ row_id: 'r', value });
  it('widens int to float, any other mix to text, and lets a first value type a column seen only null', () => {
    const schema = extendSchema([], [row({ a: 1, b: 1, c: true, d: null }), row({ a: 1.5, b: 'x', c: true, d: 3 })]);
    expect(schema).toEqual([
      { name: 'a', value_type: 'float', possible_values: null },
      { name: 'b', value_type: 'text', possible_values: null },
      { name: 'c', value_type: 'bool', possible_values: null },
      { name: 'd', value_type: 'int', possible_values: null },
    ]);
  });

  it('lists at most 16 distinct text values, then none', () => {
    const few = extendSchema([], Array.from({ length: 40 }, (_, i) => row({ k: `v${i % 16}` })));
    expect(few[0]!.possible_values).toHaveLength(16);
    const many = extendSchema(few, [row({ k: 'v16' })]);
    expect(many[0]!.possible_values).toBeNull();
  });
});
