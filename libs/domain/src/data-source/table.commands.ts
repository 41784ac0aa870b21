import type { TableAddress, TableMetadata } from '@app/contracts/events/data-source-table.events';
import type { TableRow } from '@app/contracts/tables/table-values';

export type UpsertTable = { readonly type: 'UpsertTable'; readonly address: TableAddress; readonly metadata: TableMetadata; readonly now: number };

export type DeleteTable = { readonly type: 'DeleteTable'; readonly address: TableAddress; readonly now: number };

export type UpdateTableParents = {
  readonly type: 'UpdateTableParents';
  readonly address: TableAddress;
  readonly parentId: string | null;
  readonly parents: readonly string[];
  readonly now: number;
};

/**
 * Upserts rows (keys already checked and lowercased), after dropping every row when `truncate`.
 * `maxEventBytes` bounds the serialized rows of one event: the rows are split into as many
 * `TableRowsUpserted` as that takes.
 */
export type UpsertTableRows = {
  readonly type: 'UpsertTableRows';
  readonly address: TableAddress;
  readonly rows: readonly TableRow[];
  readonly truncate: boolean;
  readonly maxEventBytes: number;
  readonly now: number;
};

export type DeleteTableRow = { readonly type: 'DeleteTableRow'; readonly address: TableAddress; readonly rowId: string; readonly now: number };

/** Records where a CSV import into the table stands (see `TableImportStatusChanged`). */
export type RecordTableImportStatus = {
  readonly type: 'RecordTableImportStatus';
  readonly address: TableAddress;
  readonly state: 'importing' | 'ready' | 'failed';
  readonly rowsImported: number;
  readonly reason: string | null;
  readonly now: number;
};

export type TableCommand = UpsertTable | DeleteTable | UpdateTableParents | UpsertTableRows | DeleteTableRow | RecordTableImportStatus;
