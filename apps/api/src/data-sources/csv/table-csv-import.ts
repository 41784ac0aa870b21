import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { tableAggregate, tableAggregateId } from '@app/domain/data-source/table.decider';
import type { TableCommand } from '@app/domain/data-source/table.commands';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DeciderExecutor } from '../../application/decider-executor';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../infrastructure/read-models.service';
import { ROW_BATCH_BYTES } from '../commands/upsert-table-rows.command';
import type { ResolvedDataSource } from '../data-source-lookup';
import { tableAddress } from '../table-lookup';
import { csvTableRows, MalformedCsvError } from './csv-table-rows';

/** Rows per command: a few events each, and the memory of one batch at a time. */
const IMPORT_BATCH_ROWS = 5_000;

/** Rows between two progress records in the table's status: a bounded number of events per import. */
export const IMPORT_PROGRESS_STEP_ROWS = 50_000;

/**
 * Rows of an uploaded CSV into a table, in two streamed passes over the stored bytes: the first
 * checks the whole file (a malformed line is a 400 before any row is written), the second upserts
 * the rows batch by batch. Memory holds one batch whatever the file's size.
 */
@Injectable()
export class TableCsvImport {
  constructor(
    private readonly executor: DeciderExecutor,
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

  /**
   * Upserts every row of the file into the table (after truncating it when asked). The table's
   * status follows: importing (rows so far, every {@link IMPORT_PROGRESS_STEP_ROWS}), then ready,
   * or failed with the reason (the error is thrown on as well).
   */
  async import(auth: AuthContext, target: ResolvedDataSource, tableId: string, file: FileDocument, truncate: boolean): Promise<void> {
    const execute = (command: TableCommand) =>
      this.executor.execute(tableAggregate, tableAggregateId(target.dataSource.sId, tableId), command, { actor: auth.user?.sId ?? auth.keyId });
    const address = tableAddress(target, tableId);
    const status = (state: 'importing' | 'ready' | 'failed', rowsImported: number, reason: string | null = null) =>
      execute({ type: 'RecordTableImportStatus', address, state, rowsImported, reason, now: Date.now() });
    let imported = 0;
    let position = (await status('importing', 0)).position;
    try {
      for await (const rows of csvTableRows(await this.bytes(file), IMPORT_BATCH_ROWS)) {
        const outcome = await execute({ type: 'UpsertTableRows', address, rows, truncate: truncate && imported === 0, maxEventBytes: ROW_BATCH_BYTES, now: Date.now() });
        position = outcome.position ?? position;
        const before = imported;
        imported += rows.length;
        if (Math.floor(imported / IMPORT_PROGRESS_STEP_ROWS) > Math.floor(before / IMPORT_PROGRESS_STEP_ROWS)) position = (await status('importing', imported)).position ?? position;
      }
    } catch (error) {
      // The import's own error is the one to report, even if the table went away meanwhile.
      await status('failed', imported, error instanceof Error ? error.message : String(error)).catch(() => undefined);
      throw error;
    }
    position = (await status('ready', imported)).position ?? position;
    if (position !== null) await this.readModels.waitFor(position);
  }

  private async bytes(file: FileDocument): Promise<Readable> {
    const stream = await this.blobs.get(file.originalHash!);
    if (!stream) throw new ApiError('file_not_found', 'The file content is no longer stored.');
    return stream;
  }
}
