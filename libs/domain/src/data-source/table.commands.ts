import type { TableAddress, TableMetadata } from '@app/contracts/events/data-source/data-source-table.events';
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

/**
 * Starts a CSV import of `fileId` (see `TableImportStarted`), recording `metadata` as `UpsertTable`
 * does in the same append: refused with 409 `table_import_in_progress` while another import runs,
 * so a refused import writes nothing.
 */
export type StartTableImport = {
  readonly type: 'StartTableImport';
  readonly address: TableAddress;
  readonly metadata: TableMetadata;
  readonly importId: string;
  readonly fileId: string;
  readonly truncate: boolean;
  readonly now: number;
};

/**
 * Stages rows of the running import `importId` (see `TableImportRowsStaged`). Rows of the file
 * carry `offset`, how many of the file's rows come before them: a batch that does not follow what
 * is staged is refused, so two processes that both took the import up never stage it twice.
 */
export type StageTableImportRows = {
  readonly type: 'StageTableImportRows';
  readonly address: TableAddress;
  readonly importId: string;
  readonly rows: readonly TableRow[];
  readonly from: { readonly source: 'table' } | { readonly source: 'file'; readonly offset: number };
  readonly maxEventBytes: number;
  readonly now: number;
};

/** Records how many rows of the file the running import `importId` has staged (nothing once it ended). */
export type RecordTableImportProgress = {
  readonly type: 'RecordTableImportProgress';
  readonly address: TableAddress;
  readonly importId: string;
  readonly rowsImported: number;
  readonly now: number;
};

/** Makes the staged rows of import `importId` the table's (nothing once it ended). */
export type CompleteTableImport = { readonly type: 'CompleteTableImport'; readonly address: TableAddress; readonly importId: string; readonly now: number };

/** Ends import `importId` with `reason`, dropping its staged rows (nothing once it ended). */
export type FailTableImport = {
  readonly type: 'FailTableImport';
  readonly address: TableAddress;
  readonly importId: string;
  readonly reason: string;
  readonly now: number;
};

/**
 * Ends an import recorded before imports were staged (it wrote its rows as they came, and no event
 * says where it stopped): its status becomes failed with `reason`. Nothing while a staged import runs.
 */
export type FailUnstagedImport = {
  readonly type: 'FailUnstagedImport';
  readonly address: TableAddress;
  readonly rowsImported: number;
  readonly reason: string;
  readonly now: number;
};

export type TableImportCommand = StartTableImport | StageTableImportRows | RecordTableImportProgress | CompleteTableImport | FailTableImport;

export type TableCommand = UpsertTable | DeleteTable | UpdateTableParents | UpsertTableRows | DeleteTableRow | TableImportCommand | FailUnstagedImport;
