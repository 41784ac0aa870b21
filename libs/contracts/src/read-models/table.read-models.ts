import type { TableMetadata } from '../events/data-source/data-source-table.events';
import type { RowBlockCounts } from '../tables/row-blocks';
import type { CellValue, TableColumn } from '../tables/table-values';

/** Where a CSV import into the table stands: rows written so far, and why it failed if it did. */
export interface TableImportStatus {
  readonly state: 'importing' | 'ready' | 'failed';
  readonly rowsImported: number;
  readonly reason: string | null;
}

/** Rows a running import has staged in its generation, counted as the table's are (they become its when it completes). */
export interface TableStagedRows {
  readonly generation: number;
  readonly rowCount: number;
  readonly rowBlocks: RowBlockCounts;
}

/** Read model of a table (`data_source_tables`, id = {@link dataSourceTableKey}): metadata and schema. */
export interface DataSourceTableRecord extends TableMetadata {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly dataSourceId: string;
  readonly tableId: string;
  /** Rows of this generation are the table's (older ones were truncated away). */
  readonly generation: number;
  readonly schema: TableColumn[];
  /** Live rows of the current generation, kept in step with the rows read model. */
  readonly rowCount: number;
  /** Live rows per ordinal block of the current generation (see row-blocks). */
  readonly rowBlocks: RowBlockCounts;
  /** The last CSV import, or null when the table never had one. */
  readonly importStatus: TableImportStatus | null;
  /** The rows of the running import, read by nobody until it completes (null when none runs). */
  readonly staged: TableStagedRows | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * Read model of a row (`data_source_table_rows`, id = {@link tableRowKey}). `ordinal` orders the
 * rows of a table as first upserted, so a page at any offset is read from an index.
 */
export interface TableRowRecord {
  [key: string]: unknown;
  readonly dataSourceId: string;
  readonly tableId: string;
  readonly generation: number;
  readonly rowId: string;
  readonly ordinal: number;
  /** Key of the row's ordinal block (`rowBlockKey`): what a page query filters on. */
  readonly block: string;
  readonly value: Record<string, CellValue>;
}

/** Id of a table in its read model (data source sIds hold no colon). */
export function dataSourceTableKey(dataSourceId: string, tableId: string): string {
  return `${dataSourceId}:${tableId}`;
}

/** Id of a row in its read model: every part, as JSON (table and row ids are any strings). */
export function tableRowKey(dataSourceId: string, tableId: string, generation: number, rowId: string): string {
  return JSON.stringify([dataSourceId, tableId, generation, rowId]);
}

/** The row id a {@link tableRowKey} names. */
export function rowIdOfKey(key: string): string {
  return (JSON.parse(key) as [string, string, number, string])[3];
}
