/** What node search tells apart: the three kinds of content node of a data source. */
export type ContentNodeKind = 'document' | 'table' | 'folder';

/**
 * Read model of a content node (`data_source_nodes` collection, id = {@link contentNodeKey}): the
 * metadata of a document, table or folder that node search matches and shows, without content.
 */
export interface ContentNodeRecord {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly dataSourceId: string;
  readonly nodeId: string;
  readonly nodeType: ContentNodeKind;
  readonly title: string;
  readonly mimeType: string;
  readonly sourceUrl: string | null;
  readonly providerVisibility: string | null;
  readonly parentId: string | null;
  /** The node id first, then its ancestors nearest first. */
  readonly parents: string[];
  /** Epoch ms: the client's timestamp of the node. */
  readonly timestamp: number;
  readonly updatedAt: number;
}

/** Id of a node in the `data_source_nodes` read model: a document and a table may share an id. */
export function contentNodeKey(dataSourceId: string, nodeType: ContentNodeKind, nodeId: string): string {
  return `${dataSourceId}:${nodeType}:${nodeId}`;
}
