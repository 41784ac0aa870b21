import { randomUUID } from 'node:crypto';
import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import type { TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { until } from '@app/contracts/test/until';
import { SqliteEventStore, SqliteReadStore, type EventStore, type ReadStore } from '@app/storage';
import { ALL_PROJECTIONS } from '../all-projections';
import { LiveProjector } from '../engine/live-projector';
import { ProjectionProgress } from '../engine/projection-progress';
import { rebuildReadModels } from '../engine/rebuild';
import { tableEvents } from '../../test/table-events.fixtures';
import { ROW_PURGE_BATCH, tableRowPurgeProjection } from './table-row-purge.projection';
import { tableRowProjection } from './table-row.projection';

const silent = { info: () => undefined, error: () => undefined };

describe('table row purge', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let live: LiveProjector;

  beforeEach(() => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    readStore = new SqliteReadStore({ path: ':memory:' });
    live = new LiveProjector(eventStore, readStore, ALL_PROJECTIONS, silent, new ProjectionProgress(), { sweepIntervalMs: 20, generationCheckIntervalMs: 20 });
  });
  afterEach(async () => {
    await live.stop();
    await eventStore.close();
    await readStore.close();
  });

  const rowsOf = (generation: number) => readStore.find<TableRowRecord>(physicalCollectionName(tableRowProjection, generation), { sort: [{ field: 'rowId', direction: 'asc' }] });
  const pending = (generation: number) => readStore.count(physicalCollectionName(tableRowPurgeProjection, generation));

  it('removes the rows a truncation replaced in batches, keeps the current ones, and again after a rebuild', async () => {
    // More stale rows than one sweep step removes, so the purge takes several steps.
    const stale = Array.from({ length: ROW_PURGE_BATCH + 7 }, (_, i) => `old${i}`);
    const { events, upsert, truncate } = tableEvents();
    upsert(0, 0, stale.slice(0, ROW_PURGE_BATCH));
    upsert(0, ROW_PURGE_BATCH, stale.slice(ROW_PURGE_BATCH));
    truncate(1);
    upsert(1, stale.length, ['x', 'y']);
    truncate(2);
    upsert(2, stale.length + 2, ['a', 'b', 'c']);
    await eventStore.append('table-t', events, 'no_stream');

    await live.start();
    await until(async () => (await rowsOf(1)).length === 3 && (await pending(1)) === 0, 20_000);
    const current = await rowsOf(1);
    expect(current.map((row) => [row.rowId, row.generation])).toEqual([['a', 2], ['b', 2], ['c', 2]]);

    // A rebuild replays the stale rows into its collections; the sweep removes them there too.
    await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, { switchGraceMs: 0 });
    await until(async () => (await rowsOf(2)).length === 3 && (await pending(2)) === 0, 20_000);
    expect(await rowsOf(2)).toEqual(current);
  }, 60_000);

  it('removes the rows an import replaced and those a failed import staged, keeping the table rows', async () => {
    const { events, upsert, startImport, stage, completeImport, failImport, truncate } = tableEvents();
    upsert(0, 0, ['old']);
    startImport('one', 1);
    stage('one', 1, 0, ['a', 'b']);
    completeImport('one', 1, 0, 2);
    startImport('two', 2);
    stage('two', 2, 0, ['broken']);
    failImport('two', 2, 'bad line');
    // The numbers a failed import spent are not used again: the next truncation skips them.
    truncate(3, 1);
    upsert(3, 0, ['z']);
    await eventStore.append('table-t', events, 'no_stream');

    await live.start();
    await until(async () => (await rowsOf(1)).length === 1 && (await pending(1)) === 0, 20_000);
    expect((await rowsOf(1)).map((row) => [row.rowId, row.generation])).toEqual([['z', 3]]);
  }, 60_000);

  it('removes the rows of a deleted table, and keeps those of the table created again under its id', async () => {
    const { events, upsert, deleteTable, metadata } = tableEvents();
    upsert(0, 0, ['gone1', 'gone2']);
    deleteTable(0);
    metadata('t', 1);
    upsert(1, 2, ['kept']);
    await eventStore.append('table-t', events, 'no_stream');

    await live.start();
    await until(async () => (await rowsOf(1)).length === 1 && (await pending(1)) === 0, 20_000);
    expect((await rowsOf(1)).map((row) => [row.rowId, row.generation])).toEqual([['kept', 1]]);
  }, 60_000);

  it("removes every row of a deleted data source's tables, and only those", async () => {
    const { events, upsert } = tableEvents();
    upsert(0, 0, ['a', 'b', 'c']);
    await eventStore.append('table-t', events, 'no_stream');
    const other = tableEvents('other');
    other.upsert(0, 0, ['z']);
    await eventStore.append('table-other', other.events, 'no_stream');
    const deleted = { type: 'DataSourceDeleted', data: { workspaceId: 'w', spaceId: 's', dataSourceId: 'ds', dataSourceViewIds: [], at: 9 } };
    await eventStore.append('data_source-ds', [{ id: randomUUID(), ...deleted, metadata: { schemaVersion: 1 } }], 'no_stream');

    await live.start();
    await until(async () => (await rowsOf(1)).length === 1 && (await pending(1)) === 0, 20_000);
    expect((await rowsOf(1)).map((row) => [row.dataSourceId, row.rowId])).toEqual([['other', 'z']]);
  }, 60_000);
});
