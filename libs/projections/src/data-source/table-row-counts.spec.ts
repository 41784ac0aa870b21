import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import { dataSourceTableKey, type DataSourceTableRecord } from '@app/contracts/read-models/table.read-models';
import { ROW_BLOCK_SIZE } from '@app/contracts/tables/row-blocks';
import { SqliteEventStore, SqliteReadStore, type RecordedEvent } from '@app/storage';
import { ProjectionApplier } from '../engine/projection-applier';
import { tableEvents } from '../../test/table-events.fixtures';
import { dataSourceTableProjection } from './data-source-table.projection';
import { tableRowProjection } from './table-row.projection';

const PROJECTIONS = [dataSourceTableProjection, tableRowProjection];

/** The table record after applying `batches` of events, each batch in one unit. */
async function tableAfter(batches: readonly (readonly RecordedEvent[])[]): Promise<DataSourceTableRecord | null> {
  const store = new SqliteReadStore({ path: ':memory:' });
  try {
    const applier = new ProjectionApplier(store, PROJECTIONS);
    await applier.ensureCollections(1);
    for (const batch of batches) await applier.apply(batch, 1);
    return await store.get<DataSourceTableRecord>(physicalCollectionName(dataSourceTableProjection, 1), dataSourceTableKey('ds', 't'));
  } finally {
    await store.close();
  }
}

/** The events recorded, applied in one batch and one by one: both must give the same table. */
async function bothWays(events: ReturnType<typeof tableEvents>['events']): Promise<DataSourceTableRecord | null> {
  const log = new SqliteEventStore({ path: ':memory:' });
  try {
    await log.append('table-t', events, 'no_stream');
    const recorded = await log.readAll();
    const whole = await tableAfter([recorded]);
    expect(await tableAfter(recorded.map((event) => [event]))).toEqual(whole);
    return whole;
  } finally {
    await log.close();
  }
}

describe('table row counts', () => {
  it('count a row upserted again once, and a deleted row only when it was there', async () => {
    const { events, upsert, remove } = tableEvents();
    upsert(0, 0, ['a', 'b', 'c']);
    upsert(0, 3, ['a', 'd']); // a again: keeps ordinal 0; ordinal 3 stays unused
    remove(0, 'b');
    remove(0, 'b');
    remove(0, 'never');
    const table = await bothWays(events);
    expect(table).toMatchObject({ rowCount: 3, rowBlocks: { 0: 3 } });
  });

  it('start again at a truncation, and ignore rows of the generation it replaced', async () => {
    const { events, upsert, remove, truncate } = tableEvents();
    upsert(0, 0, ['a', 'b']);
    truncate(1);
    upsert(1, 2, ['x']);
    remove(0, 'a'); // not recorded by the decider after a truncation, and not counted if it were
    expect(await bothWays(events)).toMatchObject({ generation: 1, rowCount: 1, rowBlocks: { 0: 1 } });
  });

  it('count rows per ordinal block, forgetting a block whose rows are all gone', async () => {
    const { events, upsert, remove } = tableEvents();
    upsert(0, ROW_BLOCK_SIZE - 1, ['a', 'b']); // blocks 0 and 1
    upsert(0, 3 * ROW_BLOCK_SIZE, ['c', 'd', 'e']); // block 3
    remove(0, 'a');
    expect(await bothWays(events)).toMatchObject({ rowCount: 4, rowBlocks: { 1: 1, 3: 3 } });
  });

  it('keep counts and import status when the metadata changes', async () => {
    const { events, upsert, metadata, importStatus } = tableEvents();
    upsert(0, 0, ['a']);
    importStatus('failed', 1, 'line 3: bad quote');
    metadata('renamed');
    const table = await bothWays(events);
    expect(table).toMatchObject({ name: 'renamed', rowCount: 1, importStatus: { state: 'failed', rowsImported: 1, reason: 'line 3: bad quote' } });
  });

  it('count the rows an import stages apart, and make them the table rows only when it completes', async () => {
    const { events, upsert, startImport, stage, completeImport } = tableEvents();
    upsert(0, 0, ['old1', 'old2']);
    startImport('imp', 1);
    stage('imp', 1, 0, ['a', 'b', 'c']);
    stage('imp', 1, 3, ['a']); // staged again on a resumption: counted once
    const during = await bothWays(events);
    expect(during).toMatchObject({ generation: 0, rowCount: 2, rowBlocks: { 0: 2 }, staged: { generation: 1, rowCount: 3 }, importStatus: { state: 'importing' } });
    completeImport('imp', 1, 0, 3);
    const after = await bothWays(events);
    expect(after).toMatchObject({ generation: 1, rowCount: 3, rowBlocks: { 0: 3 }, staged: null, importStatus: { state: 'ready', rowsImported: 3, reason: null } });
    expect(after!.schema).toEqual([{ name: 'id', value_type: 'text', possible_values: null }]);
  });

  it('keep the table rows when an import fails', async () => {
    const { events, upsert, startImport, stage, failImport, metadata } = tableEvents();
    upsert(0, 0, ['old1', 'old2']);
    startImport('imp', 1);
    stage('imp', 1, 0, ['a', 'b', 'c']);
    metadata('renamed');
    failImport('imp', 1, 'Malformed CSV at line 5501');
    expect(await bothWays(events)).toMatchObject({
      name: 'renamed',
      generation: 0,
      rowCount: 2,
      staged: null,
      importStatus: { state: 'failed', rowsImported: 0, reason: 'Malformed CSV at line 5501' },
    });
  });
});

