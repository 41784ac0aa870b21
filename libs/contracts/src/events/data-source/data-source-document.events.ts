import type { DocumentSection } from '../../documents/document-section';

/**
 * Events of one document of a data source (stream named by the data source and a hash of the
 * document id). Each one is self-contained: a reader indexes a document from its last
 * `DocumentUpserted` alone, without looking anything up.
 */

/** Everything a document is, as of this upsert; its text is `sectionText(section)`. */
export interface DocumentContent {
  readonly title: string;
  readonly mimeType: string;
  readonly sourceUrl: string | null;
  readonly tags: string[];
  /** Epoch ms: the client's timestamp, or the upsert time when it gave none. */
  readonly timestamp: number;
  readonly parentId: string | null;
  /** The document id first, then its ancestors from nearest to farthest. */
  readonly parents: string[];
  readonly section: DocumentSection;
  /** sha256 of the section tree. */
  readonly hash: string;
  /** UTF-8 bytes of the text. */
  readonly textSize: number;
  /** Tokens of the text for the tokenizer named in `tokenizer`. */
  readonly tokenCount: number;
  readonly tokenizer: string;
}

export type DocumentUpserted = {
  readonly type: 'DocumentUpserted';
  readonly data: DocumentContent & {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    readonly documentId: string;
    /** When the document was first upserted (kept across upserts). */
    readonly createdAt: number;
    readonly at: number;
  };
};

export type DocumentDeleted = {
  readonly type: 'DocumentDeleted';
  readonly data: {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    readonly documentId: string;
    readonly at: number;
  };
};

export type DocumentParentsChanged = {
  readonly type: 'DocumentParentsChanged';
  readonly data: {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly dataSourceId: string;
    readonly documentId: string;
    readonly parentId: string | null;
    readonly parents: string[];
    readonly at: number;
  };
};

export type DataSourceDocumentEvent = DocumentUpserted | DocumentDeleted | DocumentParentsChanged;

export const DATA_SOURCE_DOCUMENT_EVENT_TYPES = [
  'DocumentUpserted',
  'DocumentDeleted',
  'DocumentParentsChanged',
] as const satisfies readonly DataSourceDocumentEvent['type'][];

/** Narrows a stored event to a document event by its type. */
export function isDataSourceDocumentEvent(event: { readonly type: string; readonly data: unknown }): event is DataSourceDocumentEvent {
  return (DATA_SOURCE_DOCUMENT_EVENT_TYPES as readonly string[]).includes(event.type);
}
