/** A workspace's live data sources and views, with what their commands check. */
export interface DataSourceCatalogState {
  readonly workspaceId: string | null;
  /** Live data sources by sId. */
  readonly dataSources: ReadonlyMap<string, { readonly name: string; readonly spaceId: string; readonly viewIds: readonly string[] }>;
  /** Live views by sId. */
  readonly views: ReadonlyMap<string, { readonly dataSourceId: string; readonly parentsIn: readonly string[] | null }>;
}
