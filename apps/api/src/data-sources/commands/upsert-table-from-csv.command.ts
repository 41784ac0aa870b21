import type { UpsertTableFromCsvDto } from '@app/contracts/http/table.dto';
import type { UpsertTableRowsResponse } from '@app/contracts/http/table.types';
import { Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TableCsvImport } from '../csv/table-csv-import';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { loadTable, tableAddress } from '../table-lookup';
import { tableMetadataOf } from './upsert-table.command';

/** The answer of an import left to run in the background. */
export interface TableIdResponse {
  readonly table: { readonly table_id: string };
}

/**
 * A table from an uploaded CSV file: its metadata and the import's start in one append (409
 * `table_import_in_progress` while another import into the table runs), then its rows, all or
 * nothing. Synchronously, a malformed file is refused before anything is written and the answer,
 * once the rows are the table's, carries the schema; with `async`, the answer comes once the
 * import is recorded as started, and its status says how it ends.
 */
export class UpsertTableFromCsvCommand extends Command<UpsertTableRowsResponse | TableIdResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly body: UpsertTableFromCsvDto,
  ) {
    super();
  }
}

@CommandHandler(UpsertTableFromCsvCommand)
export class UpsertTableFromCsvHandler implements ICommandHandler<UpsertTableFromCsvCommand> {
  private readonly logger = new Logger('TableCsvImport');

  constructor(
    private readonly csv: TableCsvImport,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, body }: UpsertTableFromCsvCommand): Promise<UpsertTableRowsResponse | TableIdResponse> {
    requireDataSourceWriter(auth);
    const file = await this.csv.file(auth, body.fileId);
    const tableId = body.tableId ?? newSId();
    if (!body.async) await this.csv.check(file);
    const upsert = {
      name: body.name,
      description: body.description,
      title: body.title,
      table_id: tableId,
      timestamp: body.timestamp,
      tags: body.tags,
      parent_id: body.parentId,
      parents: body.parents,
      mime_type: body.mimeType,
    };
    const metadata = await tableMetadataOf(this.readModels, target, tableId, upsert, Date.now());
    const address = tableAddress(target, tableId);
    const actor = auth.user?.sId ?? auth.keyId;
    const started = await this.csv.start(address, metadata, file, body.truncate ?? false, actor);
    const importing = this.csv.run(address, started.importId, actor, started.position);
    if (body.async) {
      importing.catch((error: unknown) => this.logger.error(`CSV import of file ${file.sId} into table ${tableId} failed: ${(error as Error).message}`));
      if (started.position !== null) await this.readModels.waitFor(started.position);
      return { table: { table_id: tableId } };
    }
    const completed = (await importing) ?? started.position;
    if (completed !== null) await this.readModels.waitFor(completed);
    const table = await loadTable(this.readModels, target, tableId);
    return { table: { name: table.name, table_id: tableId, description: table.description, schema: table.schema.length > 0 ? table.schema : null } };
  }
}
