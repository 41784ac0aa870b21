/**
 * Events of a workspace's data source catalog (stream `data-sources-<workspace sId>`): folders
 * created in a space with their default view, the view's parent filter, deletion.
 */

export type DataSourceCreated = {
  readonly type: 'DataSourceCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    /** The data source's default view, created with it in the same space. */
    readonly dataSourceViewId: string;
    readonly name: string;
    readonly description: string | null;
    /** The member who created it, or null for a key not bound to a member. */
    readonly createdBy: string | null;
    readonly at: number;
  };
};

/** The view's parent filter as it now is (null: the whole data source). */
export type DataSourceViewParentsChanged = {
  readonly type: 'DataSourceViewParentsChanged';
  readonly data: {
    readonly workspaceId: string;
    readonly dataSourceId: string;
    readonly dataSourceViewId: string;
    readonly parentsIn: string[] | null;
    readonly at: number;
  };
};

/** The data source and its views are gone; its documents are no longer reachable. */
export type DataSourceDeleted = {
  readonly type: 'DataSourceDeleted';
  readonly data: {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    readonly dataSourceViewIds: string[];
    readonly at: number;
  };
};

export type DataSourceEvent = DataSourceCreated | DataSourceViewParentsChanged | DataSourceDeleted;

export const DATA_SOURCE_EVENT_TYPES = [
  'DataSourceCreated',
  'DataSourceViewParentsChanged',
  'DataSourceDeleted',
] as const satisfies readonly DataSourceEvent['type'][];

/** Narrows a stored event to a data source catalog event by its type. */
export function isDataSourceEvent(event: { readonly type: string; readonly data: unknown }): event is DataSourceEvent {
  return (DATA_SOURCE_EVENT_TYPES as readonly string[]).includes(event.type);
}
