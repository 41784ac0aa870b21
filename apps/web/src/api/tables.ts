import type { FileEnvelope } from '@app/contracts/http/file.types';
import type { GetTableResponse, ListTableRowsResponse, ListTablesResponse } from '@app/contracts/http/table.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';
import { dataSourcePath, type DataSourceAddress } from './data-sources';
import type { FileToUpload } from './files';

/** What a CSV import is given besides the file. */
export interface CsvTable {
  readonly name: string;
  readonly description: string;
}

/**
 * The tables of a data source (`…/data_sources/{dsId}/tables`): list, one with its inferred schema
 * and import status, a CSV import, and rows a page at a time (the api reads one block of an index
 * for any offset, so a late page costs what the first does). Writes are for builders and admins.
 */
export class TablesApi {
  constructor(private readonly client: ApiClient) {}

  list(at: DataSourceAddress, options?: RequestOptions): Promise<ListTablesResponse> {
    return this.client.get(`${dataSourcePath(at)}/tables`, options);
  }

  get(at: DataSourceAddress, tableId: string, options?: RequestOptions): Promise<GetTableResponse> {
    return this.client.get(`${dataSourcePath(at)}/tables/${encodeURIComponent(tableId)}`, options);
  }

  delete(at: DataSourceAddress, tableId: string): Promise<void> {
    return this.client.delete(`${dataSourcePath(at)}/tables/${encodeURIComponent(tableId)}`);
  }

  /** Asks to upload a CSV file meant to fill a table. */
  requestCsvUpload(wId: string, file: FileToUpload): Promise<FileEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/files`, { ...file, useCase: 'upsert_table' });
  }

  /**
   * Starts importing an uploaded CSV into a new table (or one of that name), in the background:
   * the answer names the table, whose `status` then tells the rows imported until it is ready or failed.
   */
  importCsv(at: DataSourceAddress, fileId: string, table: CsvTable): Promise<{ readonly table: { readonly table_id: string } }> {
    return this.client.post(`${dataSourcePath(at)}/tables/csv`, { ...table, fileId, async: true });
  }

  rows(at: DataSourceAddress, tableId: string, page: { readonly limit: number; readonly offset: number }, options?: RequestOptions): Promise<ListTableRowsResponse> {
    return this.client.get(`${dataSourcePath(at)}/tables/${encodeURIComponent(tableId)}/rows?limit=${page.limit}&offset=${page.offset}`, options);
  }
}
