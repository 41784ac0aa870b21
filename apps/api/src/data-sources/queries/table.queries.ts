import type { ListTableRowsQueryDto } from '@app/contracts/http/table.dto';
import type { GetTableResponse, GetTableRowResponse, ListTableRowsResponse, ListTablesResponse } from '@app/contracts/http/table.types';
import type { DataSourceTableRecord } from '@app/contracts/read-models/table.read-models';
import { renderTable, renderTableRow } from '@app/contracts/render/table.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import type { ResolvedDataSource } from '../data-source-lookup';
import { findRow, loadTable } from '../table-lookup';
import { readRowPage } from '../table-row-page';

/** Every table of a data source, newest timestamp first. */
export class ListTablesQuery extends Query<ListTablesResponse> {
  constructor(readonly target: ResolvedDataSource) {
    super();
  }
}

@QueryHandler(ListTablesQuery)
export class ListTablesHandler implements IQueryHandler<ListTablesQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ target }: ListTablesQuery): Promise<ListTablesResponse> {
    const tables = await this.readModels.find<DataSourceTableRecord>('dataSourceTables', { where: { dataSourceId: target.dataSource.sId }, sort: [{ field: 'timestamp', direction: 'desc' }] });
    return { tables: tables.map(renderTable) };
  }
}

export class GetTableQuery extends Query<GetTableResponse> {
  constructor(
    readonly target: ResolvedDataSource,
    readonly tableId: string,
  ) {
    super();
  }
}

@QueryHandler(GetTableQuery)
export class GetTableHandler implements IQueryHandler<GetTableQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ target, tableId }: GetTableQuery): Promise<GetTableResponse> {
    return { table: renderTable(await loadTable(this.readModels, target, tableId)) };
  }
}

/** A page of a table's rows in the order they were first upserted; the total is the table's row count. */
export class ListTableRowsQuery extends Query<ListTableRowsResponse> {
  constructor(
    readonly target: ResolvedDataSource,
    readonly tableId: string,
    readonly query: ListTableRowsQueryDto,
  ) {
    super();
  }
}

@QueryHandler(ListTableRowsQuery)
export class ListTableRowsHandler implements IQueryHandler<ListTableRowsQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ target, tableId, query }: ListTableRowsQuery): Promise<ListTableRowsResponse> {
    const table = await loadTable(this.readModels, target, tableId);
    const limit = query.limit ?? 10;
    const offset = query.offset ?? 0;
    const rows = await readRowPage(this.readModels, table, offset, limit);
    return { rows: rows.map(renderTableRow), offset, limit, total: table.rowCount };
  }
}

export class GetTableRowQuery extends Query<GetTableRowResponse> {
  constructor(
    readonly target: ResolvedDataSource,
    readonly tableId: string,
    readonly rowId: string,
  ) {
    super();
  }
}

@QueryHandler(GetTableRowQuery)
export class GetTableRowHandler implements IQueryHandler<GetTableRowQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ target, tableId, rowId }: GetTableRowQuery): Promise<GetTableRowResponse> {
    const row = await findRow(this.readModels, await loadTable(this.readModels, target, tableId), rowId);
    if (!row) throw new ApiError('table_row_not_found', 'The row you requested was not found.');
    return { row: renderTableRow(row) };
  }
}
