import type { TableColumn, TableRow } from '../tables/table-values';

/** A table as the official client's `CoreAPITablePublicSchema` validates it (dust-api §1). */
export interface TableResponse {
  readonly table_id: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly schema: TableColumn[] | null;
  readonly timestamp: number;
  readonly tags: string[];
  readonly parents: string[];
  readonly parent_id: string | null;
  readonly mime_type: string;
  readonly source_url: string | null;
  /** Rows of the table now. */
  readonly row_count: number;
  /** The last CSV import: null when the table never had one. */
  readonly status: TableImportStatusResponse | null;
}

/** Where a CSV import stands: rows written so far, and why it failed when it did. */
export interface TableImportStatusResponse {
  readonly state: 'importing' | 'ready' | 'failed';
  readonly rows_imported: number;
  readonly reason: string | null;
}

export interface ListTablesResponse {
  readonly tables: TableResponse[];
}

export interface GetTableResponse {
  readonly table: TableResponse;
}

/** What a rows upsert answers: the table and its schema now. */
export interface UpsertTableRowsResponse {
  readonly table: { readonly name: string; readonly table_id: string; readonly description: string; readonly schema: TableColumn[] | null };
}

export interface ListTableRowsResponse {
  readonly rows: TableRow[];
  readonly offset: number;
  readonly limit: number;
  readonly total: number;
}

export interface GetTableRowResponse {
  readonly row: TableRow;
}

export interface SuccessResponse {
  readonly success: true;
}
