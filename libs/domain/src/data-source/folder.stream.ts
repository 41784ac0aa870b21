import { createHash } from 'node:crypto';

/**
 * Stream of one folder of a data source. Folder ids are client strings of any characters, so the
 * stream is named by a hash of the id, as a document's is.
 */
export function toFolderStreamName(key: { readonly dataSourceId: string; readonly folderId: string }): string {
  const digest = createHash('sha256').update(key.folderId, 'utf8').digest('hex').slice(0, 40);
  return `data-source-folder-${key.dataSourceId}-${digest}`;
}
