import type { UpsertTableFromCsvDto } from '@app/contracts/http/table.dto';
import type { UpsertTableRowsResponse } from '@app/contracts/http/table.types';
import { Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../infrastructure/read-models.service';
import { TableCsvImport } from '../csv/table-csv-import';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { loadTable } from '../table-lookup';
import { UpsertTableCommand } from './upsert-table.command';

/** The answer of an import left to run in the background. */
export interface TableIdResponse {
  readonly table: { readonly table_id: string };
}

/**
 * A table from an uploaded CSV file: its metadata, then its rows. Synchronously, a malformed file
 * is refused before anything is written and the answer carries the schema; with `async`, the
 * answer comes once the metadata is recorded and the rows follow.
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
    private readonly commandBus: CommandBus,
    private readonly csv: TableCsvImport,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, body }: UpsertTableFromCsvCommand): Promise<UpsertTableRowsResponse | TableIdResponse> {
    requireDataSourceWriter(auth);
    const file = await this.csv.file(auth, body.fileId);
    const tableId = body.tableId ?? newSId();
    if (!body.async) await this.csv.check(file);
    const metadata = {
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
    await this.commandBus.execute(new UpsertTableCommand(auth, target, metadata));
    const importing = this.csv.import(auth, target, tableId, file, body.truncate ?? false);
    if (body.async) {
      importing.catch((error: unknown) => this.logger.error(`CSV import of file ${file.sId} into table ${tableId} failed: ${(error as Error).message}`));
      return { table: { table_id: tableId } };
    }
    await importing;
    const table = await loadTable(this.readModels, target, tableId);
    return { table: { name: table.name, table_id: tableId, description: table.description, schema: table.schema.length > 0 ? table.schema : null } };
  }
}
