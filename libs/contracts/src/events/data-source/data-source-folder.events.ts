/**
 * Events of one folder of a data source (stream named by the data source and a hash of the folder
 * id). A folder holds no content: it is a node that documents and tables name among their parents,
 * so that `parents_in` filters and node search can use it.
 */

/** Everything a folder is, as of this upsert. */
export interface FolderContent {
  readonly title: string;
  readonly mimeType: string;
  readonly sourceUrl: string | null;
  readonly providerVisibility: string | null;
  /** Epoch ms: the client's timestamp, or the upsert time when it gave none. */
  readonly timestamp: number;
  readonly parentId: string | null;
  /** The folder id first, then its ancestors from nearest to farthest. */
  readonly parents: string[];
}

export type FolderUpserted = {
  readonly type: 'FolderUpserted';
  readonly data: FolderContent & {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    readonly folderId: string;
    /** When the folder was first upserted (kept across upserts). */
    readonly createdAt: number;
    readonly at: number;
  };
};

export type FolderDeleted = {
  readonly type: 'FolderDeleted';
  readonly data: {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    readonly folderId: string;
    readonly at: number;
  };
};

export type DataSourceFolderEvent = FolderUpserted | FolderDeleted;

export const DATA_SOURCE_FOLDER_EVENT_TYPES = ['FolderUpserted', 'FolderDeleted'] as const satisfies readonly DataSourceFolderEvent['type'][];

/** Narrows a stored event to a folder event by its type. */
export function isDataSourceFolderEvent(event: { readonly type: string; readonly data: unknown }): event is DataSourceFolderEvent {
  return (DATA_SOURCE_FOLDER_EVENT_TYPES as readonly string[]).includes(event.type);
}
