import { createHash } from 'node:crypto';

/**
 * Stream of one document of a data source. Document ids are client strings of any characters and
 * length, so the stream is named by a hash of the id.
 */
export function toDocumentStreamName(key: { readonly dataSourceId: string; readonly documentId: string }): string {
  const digest = createHash('sha256').update(key.documentId, 'utf8').digest('hex').slice(0, 40);
  return `data-source-document-${key.dataSourceId}-${digest}`;
}
