import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { TableCommand } from '@app/domain/data-source/table.commands';
import type { BlobStore } from '@app/storage';
import { Readable } from 'node:stream';
import type { DeciderExecutor } from '../../application/decider-executor';
import type { AuthContext } from '../../auth/auth-context';
import type { ReadModels } from '../../infrastructure/read-models.service';
import type { ResolvedDataSource } from '../data-source-lookup';
import { IMPORT_PROGRESS_STEP_ROWS, TableCsvImport } from './table-csv-import';

/** The commands an import of `text` gives, with the executor failing from the `failAt`-th rows command on. */
async function importCommands(text: string, failAt = Infinity): Promise<{ commands: TableCommand[]; error: unknown }> {
  const commands: TableCommand[] = [];
  let rowsCommands = 0;
  const executor = {
    execute: async (_aggregate: unknown, _id: string, command: TableCommand) => {
      if (command.type === 'UpsertTableRows' && ++rowsCommands >= failAt) throw new Error('event store unavailable');
      commands.push(command);
      return { position: commands.length, events: [], state: { status: 'live' } };
    },
  } as unknown as DeciderExecutor;
  const readModels = { waitFor: async () => undefined } as unknown as ReadModels;
  const blobs = { get: async () => Readable.from([Buffer.from(text)]) } as unknown as BlobStore;
  const csv = new TableCsvImport(executor, readModels, blobs);
  const auth = { keyId: 'key', user: null } as unknown as AuthContext;
  const target = { space: { sId: 'spc' }, dataSource: { sId: 'dts', workspaceId: 'w' } } as unknown as ResolvedDataSource;
  const error = await csv.import(auth, target, 't', { originalHash: 'h' } as FileDocument, true).catch((e: unknown) => e);
  return { commands, error };
}

const statuses = (commands: readonly TableCommand[]) =>
  commands.flatMap((command) => (command.type === 'RecordTableImportStatus' ? [[command.state, command.rowsImported, command.reason]] : []));

describe('table CSV import', () => {
  const rows = 2 * IMPORT_PROGRESS_STEP_ROWS + 1_234;
  const csv = `n\n${Array.from({ length: rows }, (_, i) => i).join('\n')}\n`;

  it('records its progress every so many rows, then ready', async () => {
    const { commands, error } = await importCommands(csv);
    expect(error).toBeUndefined();
    expect(statuses(commands)).toEqual([
      ['importing', 0, null],
      ['importing', IMPORT_PROGRESS_STEP_ROWS, null],
      ['importing', 2 * IMPORT_PROGRESS_STEP_ROWS, null],
      ['ready', rows, null],
    ]);
    const upserts = commands.filter((command) => command.type === 'UpsertTableRows');
    expect(upserts.map((command) => command.truncate)).toEqual(upserts.map((_, i) => i === 0));
  }, 30_000);

  it('records a failure with its reason and the rows written before it, and throws it on', async () => {
    const { commands, error } = await importCommands(csv, 12);
    expect((error as Error).message).toBe('event store unavailable');
    expect(statuses(commands).at(-1)).toEqual(['failed', 55_000, 'event store unavailable']);
  }, 30_000);
});
