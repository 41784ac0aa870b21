import type { TableAddress, TableMetadata } from '@app/contracts/events/data-source/data-source-table.events';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { dataSourceTableKey, type DataSourceTableRecord, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { rowBlockKey } from '@app/contracts/tables/row-blocks';
import type { TableRow } from '@app/contracts/tables/table-values';
import { tableAggregateId, type TableImportState } from '@app/domain/data-source/table.decider';
import type { TableCommand } from '@app/domain/data-source/table.commands';
import { DomainError } from '@app/domain/shared/domain-error';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { CommandInput } from '../../event-sourcing/writing/aggregate-writer';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ROW_BATCH_BYTES } from '../commands/upsert-table-rows.command';
import { csvTableRows, MalformedCsvError } from './csv-table-rows';

/** Rows per command: a few events each, and the memory of one batch at a time. */
const IMPORT_BATCH_ROWS = 5_000;

/** Rows between two progress records in the table's status: a bounded number of events per import. */
export const IMPORT_PROGRESS_STEP_ROWS = 50_000;

/** An import recorded as started: its id, and the log position of its start. */
export interface StartedImport {
  readonly importId: string;
  readonly position: number | null;
}

/** An import stopped because the process shuts down: nothing is recorded, it resumes at the next start. */
class ImportStopped extends Error {
  constructor() {
    super('The import stopped with its process; it resumes at the next start.');
  }
}

/**
 * Rows of an uploaded CSV into a table, all or nothing. The import is recorded as started (which
 * refuses a second one while it runs), its rows are staged batch by batch in a generation nobody
 * reads, and it completes by making them the table's in one event, or fails with the reason and
 * the table keeps its rows. Memory holds one batch whatever the file's size. What is staged is in
 * the log, so an import a crash or a shutdown cut short is resumed from there (see TableImportRecovery).
 */
@Injectable()
export class TableCsvImport implements BeforeApplicationShutdown {
  private stopping = false;
  /** Imports this process runs, by id: a resumption joins the run instead of starting a second one. */
  private readonly running = new Map<string, Promise<number | null>>();

  constructor(
    private readonly tables: TableAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /** The uploaded file, in the caller's workspace, meant for tables (404 `file_not_found` otherwise). */
  async file(auth: AuthContext, fileId: string): Promise<FileDocument> {
    const file = await this.readModels.get<FileDocument>('files', fileId);
    if (!file || file.workspaceId !== auth.workspace.sId || file.useCase !== 'upsert_table' || file.originalHash === null) {
      throw new ApiError('file_not_found', 'The file was not found, or was not uploaded for a table (use case upsert_table).');
    }
    return file;
  }

  /** Stops the running imports at their next batch, before the stores close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.running.values());
  }

  /** Reads the whole file once; throws 400 `invalid_rows_request_error` naming a malformed line. */
  async check(file: FileDocument): Promise<number> {
    let rows = 0;
    try {
      for await (const batch of csvTableRows(await this.bytes(file), IMPORT_BATCH_ROWS)) rows += batch.length;
    } catch (error) {
      if (error instanceof MalformedCsvError) throw new ApiError('invalid_rows_request_error', error.message);
      throw error;
    }
    return rows;
  }

  /** Records the import of `file` as started, with the table's metadata (409 `table_import_in_progress` while another runs). */
  async start(address: TableAddress, metadata: TableMetadata, file: FileDocument, truncate: boolean, actor: string): Promise<StartedImport> {
    const importId = newSId();
    const outcome = await this.execute(address, actor, { type: 'StartTableImport', address, metadata, importId, fileId: file.sId, truncate });
    return { importId, position: outcome.position };
  }

  /**
   * Runs the import `importId` from where the log says it stands, to its end: resolves with the
   * log position of its completion (null when it had already ended), or records it failed with
   * the reason and throws. Once at a time per import in this process.
   */
  run(address: TableAddress, importId: string, actor: string, after: number | null = null): Promise<number | null> {
    const joined = this.running.get(importId);
    if (joined) return joined;
    const run = this.runOnce(address, importId, actor, after).finally(() => this.running.delete(importId));
    this.running.set(importId, run);
    return run;
  }

  private async runOnce(address: TableAddress, importId: string, actor: string, after: number | null): Promise<number | null> {
    const state = await this.tables.read(tableAggregateId(address.dataSourceId, address.tableId));
    const running = state.status === 'live' ? state.import : null;
    if (!running || running.importId !== importId) return null;
    try {
      if (!running.truncate && running.fileRowsStaged === 0) {
        // The copy reads the rows read model, which has every row of the table once it has passed
        // the start: from then on the table's rows take no other writes.
        if (after !== null) await this.readModels.waitFor(after);
        await this.stageTableRows(address, importId, actor, state.generation);
      }
      await this.stageFileRows(address, running, actor);
      const completed = await this.execute(address, actor, { type: 'CompleteTableImport', address, importId });
      return completed.events.length > 0 ? completed.position : null;
    } catch (error) {
      // The table went away, the import ended or moved to another process, or this one stops.
      if (error instanceof DomainError || error instanceof ImportStopped) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      await this.execute(address, actor, { type: 'FailTableImport', address, importId, reason }).catch(() => undefined);
      throw error;
    }
  }

  /** Stages the rows of the table's `generation` in ordinal order, block by block (an import that does not truncate adds to them). */
  private async stageTableRows(address: TableAddress, importId: string, actor: string, generation: number): Promise<void> {
    const table = await this.readModels.get<DataSourceTableRecord>('dataSourceTables', dataSourceTableKey(address.dataSourceId, address.tableId));
    if (!table || table.generation !== generation) throw new Error('The table changed while its rows were being read for the import.');
    const collection = await this.readModels.collection('tableRows');
    const blocks = Object.keys(table.rowBlocks).map(Number).sort((a, b) => a - b);
    let batch: TableRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await this.execute(address, actor, { type: 'StageTableImportRows', address, importId, rows: batch, from: { source: 'table' }, maxEventBytes: ROW_BATCH_BYTES });
      batch = [];
    };
    for (const block of blocks) {
      const where = { block: rowBlockKey(address.dataSourceId, address.tableId, generation, block) };
      const rows = await this.readModels.store.find<TableRowRecord>(collection, { where, sort: [{ field: 'ordinal', direction: 'asc' }] });
      batch.push(...rows.map((row) => ({ row_id: row.rowId, value: row.value })));
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
    }
    await flush();
  }

  /** Stages the file's rows past those already staged. */
  private async stageFileRows(address: TableAddress, running: TableImportState, actor: string): Promise<void> {
    const { importId } = running;
    const file = await this.readModels.get<FileDocument>('files', running.fileId);
    if (!file || file.originalHash === null) throw new Error('The file was deleted before its import ended.');
    let read = 0;
    let staged = running.fileRowsStaged;
    for await (const rows of csvTableRows(await this.bytes(file), IMPORT_BATCH_ROWS)) {
      const fresh = rows.slice(Math.max(0, staged - read));
      read += rows.length;
      if (fresh.length === 0) continue;
      const offset = staged;
      await this.execute(address, actor, { type: 'StageTableImportRows', address, importId, rows: fresh, from: { source: 'file', offset }, maxEventBytes: ROW_BATCH_BYTES });
      staged += fresh.length;
      if (Math.floor(staged / IMPORT_PROGRESS_STEP_ROWS) > Math.floor(offset / IMPORT_PROGRESS_STEP_ROWS)) {
        await this.execute(address, actor, { type: 'RecordTableImportProgress', address, importId, rowsImported: staged });
      }
    }
  }

  private async execute(address: TableAddress, actor: string, command: CommandInput<TableCommand>) {
    if (this.stopping && command.type === 'StageTableImportRows') throw new ImportStopped();
    return this.tables.run(tableAggregateId(address.dataSourceId, address.tableId), command, actor);
  }

  private async bytes(file: FileDocument): Promise<Readable> {
    const stream = await this.blobs.get(file.originalHash!);
    if (!stream) throw new ApiError('file_not_found', 'The file content is no longer stored.');
    return stream;
  }
}
