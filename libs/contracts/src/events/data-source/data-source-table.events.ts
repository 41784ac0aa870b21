import type { TableColumn, TableRow } from '../../tables/table-values';

/**
 * Events of one table of a data source (stream named by the data source and a hash of the table
 * id). Rows are kept in the log in batches: a large upsert writes several `TableRowsUpserted` in
 * one append, each within the event store's size bound.
 */

/** Where a table lives. */
export interface TableAddress {
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly dataSourceId: string;
  readonly tableId: string;
}

/** Everything a table is besides its rows. */
export interface TableMetadata {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  readonly sourceUrl: string | null;
  readonly tags: string[];
  readonly timestamp: number;
  readonly parentId: string | null;
  /** The table id first, then its ancestors nearest first. */
  readonly parents: string[];
}

export type TableUpserted = {
  readonly type: 'TableUpserted';
  /** `generation`: of the table's rows, which a table created again does not get back. */
  readonly data: TableAddress & TableMetadata & { readonly generation: number; readonly createdAt: number; readonly at: number };
};

export type TableDeleted = {
  readonly type: 'TableDeleted';
  /** `generation`: of the rows the deletion leaves behind, to be purged (absent on deletions recorded before it was carried). */
  readonly data: TableAddress & { readonly generation?: number; readonly at: number };
};

export type TableParentsChanged = {
  readonly type: 'TableParentsChanged';
  readonly data: TableAddress & { readonly parentId: string | null; readonly parents: string[]; readonly at: number };
};

/**
 * A batch of rows upserted. `generation` counts truncations and deletions of the table: rows of an
 * older generation no longer belong to it. `firstOrdinal` numbers the batch's rows in order (a row
 * upserted again keeps the ordinal it had). `schema` is the table's schema after the batch.
 */
export type TableRowsUpserted = {
  readonly type: 'TableRowsUpserted';
  readonly data: TableAddress & {
    readonly generation: number;
    readonly firstOrdinal: number;
    readonly rows: TableRow[];
    readonly schema: TableColumn[];
    readonly at: number;
  };
};

/**
 * Every row dropped: the table's generation moves on and its schema empties. `replacedGeneration`:
 * the generation whose rows are dropped (absent on truncations recorded before it was carried, when
 * it was always `generation - 1`; an import that failed may have spent the numbers in between).
 */
export type TableTruncated = {
  readonly type: 'TableTruncated';
  readonly data: TableAddress & { readonly generation: number; readonly replacedGeneration?: number; readonly at: number };
};

export type TableRowDeleted = {
  readonly type: 'TableRowDeleted';
  readonly data: TableAddress & { readonly generation: number; readonly rowId: string; readonly at: number };
};

/**
 * Where a CSV import into the table stands. Imports recorded with {@link TableImportStarted} record
 * only their progress (`importing`, every so many rows) with it; earlier ones recorded their start
 * and their end (`ready`, or `failed` with the reason) with it too.
 */
export type TableImportStatusChanged = {
  readonly type: 'TableImportStatusChanged';
  readonly data: TableAddress & {
    readonly state: 'importing' | 'ready' | 'failed';
    readonly rowsImported: number;
    readonly reason: string | null;
    readonly at: number;
  };
};

/**
 * A CSV import began. Its rows are staged in `generation`, a generation no reader reads, until
 * {@link TableImportCompleted} makes it the table's in one event (or {@link TableImportFailed}
 * drops it): readers see the old rows or the new ones, never a part. While it runs the table's
 * rows take no other writes. `truncate`: the new rows replace the table's; otherwise the rows of
 * the current generation are staged first and the file's are upserted over them.
 */
export type TableImportStarted = {
  readonly type: 'TableImportStarted';
  readonly data: TableAddress & {
    readonly importId: string;
    readonly fileId: string;
    readonly truncate: boolean;
    readonly generation: number;
    readonly at: number;
  };
};

/**
 * A batch of rows staged by an import, numbered like {@link TableRowsUpserted}. `source`: `table`
 * for rows carried over from the table's current generation, `file` for rows of the file (the
 * `file` rows staged so far say where an interrupted import resumes).
 */
export type TableImportRowsStaged = {
  readonly type: 'TableImportRowsStaged';
  readonly data: TableAddress & {
    readonly importId: string;
    readonly generation: number;
    readonly source: 'table' | 'file';
    readonly firstOrdinal: number;
    readonly rows: TableRow[];
    readonly schema: TableColumn[];
    readonly at: number;
  };
};

/** The staged rows became the table's: `generation` replaces `replacedGeneration`, with `schema`. */
export type TableImportCompleted = {
  readonly type: 'TableImportCompleted';
  readonly data: TableAddress & {
    readonly importId: string;
    readonly generation: number;
    readonly replacedGeneration: number;
    readonly schema: TableColumn[];
    readonly rowsImported: number;
    readonly at: number;
  };
};

/** The import stopped for `reason`; its staged rows (of `generation`) are dropped and the table keeps its rows. */
export type TableImportFailed = {
  readonly type: 'TableImportFailed';
  readonly data: TableAddress & { readonly importId: string; readonly generation: number; readonly reason: string; readonly at: number };
};

export type DataSourceTableEvent =
  | TableUpserted
  | TableDeleted
  | TableParentsChanged
  | TableRowsUpserted
  | TableTruncated
  | TableRowDeleted
  | TableImportStatusChanged
  | TableImportStarted
  | TableImportRowsStaged
  | TableImportCompleted
  | TableImportFailed;

export const DATA_SOURCE_TABLE_EVENT_TYPES = [
  'TableUpserted',
  'TableDeleted',
  'TableParentsChanged',
  'TableRowsUpserted',
  'TableTruncated',
  'TableRowDeleted',
  'TableImportStatusChanged',
  'TableImportStarted',
  'TableImportRowsStaged',
  'TableImportCompleted',
  'TableImportFailed',
] as const satisfies readonly DataSourceTableEvent['type'][];

/** Narrows a stored event to a table event by its type. */
export function isDataSourceTableEvent(event: { readonly type: string; readonly data: unknown }): event is DataSourceTableEvent {
  return (DATA_SOURCE_TABLE_EVENT_TYPES as readonly string[]).includes(event.type);
}
