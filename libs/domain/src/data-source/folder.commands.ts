import type { FolderContent } from '@app/contracts/events/data-source/data-source-folder.events';

/** Where a folder lives, resolved by the caller from the data source. */
export interface FolderAddress {
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly dataSourceId: string;
  readonly folderId: string;
}

/**
 * Creates or replaces a folder. `timestampGiven` says whether `content.timestamp` came from the
 * client: an upsert without one does not count the upsert time as a change.
 */
export type UpsertFolder = {
  readonly type: 'UpsertFolder';
  readonly address: FolderAddress;
  readonly content: FolderContent;
  readonly timestampGiven: boolean;
  readonly now: number;
};

export type DeleteFolder = { readonly type: 'DeleteFolder'; readonly address: FolderAddress; readonly now: number };

export type FolderCommand = UpsertFolder | DeleteFolder;
