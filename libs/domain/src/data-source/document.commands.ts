import type { DocumentContent } from '@app/contracts/events/data-source/data-source-document.events';

/** Where a document lives, resolved by the caller from the data source. */
export interface DocumentAddress {
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly dataSourceId: string;
  readonly documentId: string;
}

/**
 * Creates or replaces a document. `timestampGiven` says whether `content.timestamp` came from the
 * client: an upsert without one does not count the upsert time as a change.
 */
export type UpsertDocument = {
  readonly type: 'UpsertDocument';
  readonly address: DocumentAddress;
  readonly content: DocumentContent;
  readonly timestampGiven: boolean;
  readonly now: number;
};

export type DeleteDocument = { readonly type: 'DeleteDocument'; readonly address: DocumentAddress; readonly now: number };

export type UpdateDocumentParents = {
  readonly type: 'UpdateDocumentParents';
  readonly address: DocumentAddress;
  readonly parentId: string | null;
  readonly parents: readonly string[];
  readonly now: number;
};

export type DocumentCommand = UpsertDocument | DeleteDocument | UpdateDocumentParents;
