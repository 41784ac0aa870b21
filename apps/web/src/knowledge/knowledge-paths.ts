/** Paths of the knowledge screens, relative to `/w/:wId/knowledge` (wouter's nest), ids encoded. */
export const knowledgePaths = {
  space: (spaceId: string) => `/spaces/${encodeURIComponent(spaceId)}`,
  dataSource: (spaceId: string, dsId: string) => `/spaces/${encodeURIComponent(spaceId)}/data_sources/${encodeURIComponent(dsId)}`,
  document: (spaceId: string, dsId: string, documentId: string) => `${knowledgePaths.dataSource(spaceId, dsId)}/documents/${encodeURIComponent(documentId)}`,
  table: (spaceId: string, dsId: string, tableId: string) => `${knowledgePaths.dataSource(spaceId, dsId)}/tables/${encodeURIComponent(tableId)}`,
};

/**
 * An id as a route's parameter gives it: the router decodes the path with decodeURI, which leaves
 * the escapes of reserved characters (`%2F`, `%3F`, `%23`…) that encodeURIComponent put in a document id.
 */
export function idParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
