import type { TableColumn, TableRow } from '../tables/table-values';

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

/** Every row dropped: the table's generation moves on and its schema empties. */
export type TableTruncated = {
  readonly type: 'TableTruncated';
  readonly data: TableAddress & { readonly generation: number; readonly at: number };
};

export type TableRowDeleted = {
  readonly type: 'TableRowDeleted';
  readonly data: TableAddress & { readonly generation: number; readonly rowId: string; readonly at: number };
};

/**
 * Where a CSV import into the table stands: recorded as it starts, every so many rows while it runs,
 * and as it ends (`ready`, or `failed` with the reason).
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

export type DataSourceTableEvent =
  | TableUpserted
  | TableDeleted
  | TableParentsChanged
  | TableRowsUpserted
  | TableTruncated
  | TableRowDeleted
  | TableImportStatusChanged;

export const DATA_SOURCE_TABLE_EVENT_TYPES = [
  'TableUpserted',
  'TableDeleted',
  'TableParentsChanged',
  'TableRowsUpserted',
  'TableTruncated',
  'TableRowDeleted',
  'TableImportStatusChanged',
] as const satisfies readonly DataSourceTableEvent['type'][];

/** Narrows a stored event to a table event by its type. */
export function isDataSourceTableEvent(event: { readonly type: string; readonly data: unknown }): event is DataSourceTableEvent {
  return (DATA_SOURCE_TABLE_EVENT_TYPES as readonly string[]).includes(event.type);
}
