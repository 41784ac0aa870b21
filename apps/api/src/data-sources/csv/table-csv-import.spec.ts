import type { DataSourceTableEvent, TableMetadata } from '@app/contracts/events/data-source/data-source-table.events';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { TableCommand } from '@app/domain/data-source/table.commands';
import { tableDecider, type TableState } from '@app/domain/data-source/table.decider';
import type { BlobStore } from '@app/storage';
import { Readable } from 'node:stream';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { DeciderExecutor } from '../../event-sourcing/writing/decider-executor';
import type { ReadModels } from '../../event-sourcing/reading/read-models';
import { IMPORT_PROGRESS_STEP_ROWS, TableCsvImport } from './table-csv-import';

const address = { workspaceId: 'w', spaceId: 'spc', dataSourceId: 'dts', tableId: 't' };
const metadata: TableMetadata = { name: 't', title: 't', description: 'd', mimeType: 'text/csv', sourceUrl: null, tags: [], timestamp: 1, parentId: null, parents: ['t'] };
const file = { sId: 'fil_1', originalHash: 'h' } as FileDocument;

/** An import service over the real table decider, its log in memory from `given`; the executor fails from the `failAt`-th staging on. */
function harness(text: string, failAt = Infinity, given: readonly DataSourceTableEvent[] = []) {
  const log: DataSourceTableEvent[] = [...given];
  let state: TableState = given.reduce(tableDecider.evolve, tableDecider.initialState());
  let stagings = 0;
  const executor = {
    read: async () => state,
    execute: async (_aggregate: unknown, _id: string, command: TableCommand) => {
      if (command.type === 'StageTableImportRows' && ++stagings >= failAt) throw new Error('event store unavailable');
      const events = tableDecider.decide(command, state);
      state = events.reduce(tableDecider.evolve, state);
      log.push(...events);
      return { position: log.length, events, state };
    },
  } as unknown as DeciderExecutor;
  const readModels = { get: async () => file, waitFor: async () => undefined } as unknown as ReadModels;
  const blobs = { get: async () => Readable.from([Buffer.from(text)]) } as unknown as BlobStore;
  const csv = new TableCsvImport(new TableAggregateWriter(executor), readModels, blobs);
  const start = async () => (await csv.start(address, metadata, file, true, 'key')).importId;
  const run = (importId: string) => csv.run(address, importId, 'key').then(() => undefined, (error: unknown) => error);
  return { log, start, run };
}

const types = (log: readonly DataSourceTableEvent[]) => log.map((event) => event.type).filter((type) => type !== 'TableImportRowsStaged');
const statuses = (log: readonly DataSourceTableEvent[]) => log.flatMap((event) => (event.type === 'TableImportStatusChanged' ? [event.data.rowsImported] : []));
const stagedRows = (log: readonly DataSourceTableEvent[]) => log.flatMap((event) => (event.type === 'TableImportRowsStaged' ? event.data.rows.map((row) => row.row_id) : []));

describe('table CSV import', () => {
  const rows = 2 * IMPORT_PROGRESS_STEP_ROWS + 1_234;
  const csv = `n\n${Array.from({ length: rows }, (_, i) => i).join('\n')}\n`;

  it('stages the rows, records its progress every so many rows, then completes with all of them at once', async () => {
    const { log, start, run } = harness(csv);
    expect(await run(await start())).toBeUndefined();
    expect(types(log)).toEqual(['TableUpserted', 'TableImportStarted', 'TableImportStatusChanged', 'TableImportStatusChanged', 'TableImportCompleted']);
    expect(statuses(log)).toEqual([IMPORT_PROGRESS_STEP_ROWS, 2 * IMPORT_PROGRESS_STEP_ROWS]);
    expect(log.at(-1)!.data).toMatchObject({ generation: 1, replacedGeneration: 0, rowsImported: rows });
    expect(log.some((event) => event.type === 'TableRowsUpserted' || event.type === 'TableTruncated')).toBe(false);
  }, 30_000);

  it('records a failure with its reason and drops the staged rows, and throws it on', async () => {
    const { log, start, run } = harness(csv, 12);
    expect(((await run(await start())) as Error).message).toBe('event store unavailable');
    expect(log.at(-1)).toMatchObject({ type: 'TableImportFailed', data: { generation: 1, reason: 'event store unavailable' } });
    expect(types(log)).not.toContain('TableImportCompleted');
  }, 30_000);

  it('fails a file malformed past the first batch without making any of its rows the table rows', async () => {
    const { log, start, run } = harness(`n\n${Array.from({ length: 5_500 }, (_, i) => i).join('\n')}\n1,2\n`);
    expect(((await run(await start())) as Error).message).toMatch(/line 5502/);
    expect(stagedRows(log)).toHaveLength(5_000);
    expect(log.at(-1)).toMatchObject({ type: 'TableImportFailed', data: { reason: expect.stringMatching(/line 5502/) } });
  }, 30_000);

  it('resumes an interrupted import after the rows it staged, and completes it', async () => {
    const first = harness(csv, 3);
    const importId = await first.start();
    await first.run(importId);
    // The failed attempt's log without its failure: where a killed process leaves the import.
    const cut = first.log.slice(0, -1);
    expect(stagedRows(cut)).toHaveLength(10_000);
    const { log, run } = harness(csv, Infinity, cut);
    expect(await run(importId)).toBeUndefined();
    const staged = stagedRows(log);
    expect(staged).toHaveLength(rows);
    expect(new Set(staged).size).toBe(rows);
    expect(log.at(-1)).toMatchObject({ type: 'TableImportCompleted', data: { importId, rowsImported: rows } });
  }, 30_000);

  it('does nothing for an import that already ended', async () => {
    const first = harness('n\n1\n');
    const importId = await first.start();
    await first.run(importId);
    const { log, run } = harness('n\n1\n', Infinity, first.log);
    await run(importId);
    expect(log).toEqual(first.log);
  });
});
