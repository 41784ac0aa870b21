import type { TableResponse } from '../http/table.types';
import type { DataSourceTableRecord, TableRowRecord } from '../read-models/table.read-models';
import type { TableRow } from '../tables/table-values';

/** A table on the wire; a table without rows yet has no schema (null). */
export function renderTable(table: DataSourceTableRecord): TableResponse {
  return {
    table_id: table.tableId,
    name: table.name,
    title: table.title,
    description: table.description,
    schema: table.schema.length > 0 ? table.schema : null,
    timestamp: table.timestamp,
    tags: table.tags,
    parents: table.parents,
    parent_id: table.parentId,
    mime_type: table.mimeType,
    source_url: table.sourceUrl,
    row_count: table.rowCount,
    status: table.importStatus && { state: table.importStatus.state, rows_imported: table.importStatus.rowsImported, reason: table.importStatus.reason },
  };
}

export function renderTableRow(row: TableRowRecord): TableRow {
  return { row_id: row.rowId, value: row.value };
}
