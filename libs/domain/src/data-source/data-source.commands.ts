/** Creates a folder data source in a space, with its default view. */
export type CreateDataSource = {
  readonly type: 'CreateDataSource';
  readonly spaceId: string;
  readonly dataSourceId: string;
  readonly dataSourceViewId: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdBy: string | null;
  readonly now: number;
};

/** Sets a view's parent filter, or adds and removes parents from it. */
export type PatchDataSourceView = {
  readonly type: 'PatchDataSourceView';
  readonly dataSourceViewId: string;
  readonly patch: { readonly parentsIn: readonly string[] } | { readonly parentsToAdd?: readonly string[]; readonly parentsToRemove?: readonly string[] };
  readonly now: number;
};

export type DeleteDataSource = { readonly type: 'DeleteDataSource'; readonly dataSourceId: string; readonly now: number };

export type DataSourceCommand = CreateDataSource | PatchDataSourceView | DeleteDataSource;
