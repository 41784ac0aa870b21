/** Stream of one workspace's data source catalog. */
export function toDataSourceCatalogStreamName(workspaceId: string): string {
  return `data-sources-${workspaceId}`;
}
