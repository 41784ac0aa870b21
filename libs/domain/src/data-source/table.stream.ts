import { createHash } from 'node:crypto';

/** Stream of one table of a data source, named by a hash of its client-chosen id. */
export function toTableStreamName(key: { readonly dataSourceId: string; readonly tableId: string }): string {
  const digest = createHash('sha256').update(key.tableId, 'utf8').digest('hex').slice(0, 40);
  return `data-source-table-${key.dataSourceId}-${digest}`;
}
