import type { DocumentUpserted } from '@app/contracts/events/data-source/data-source-document.events';
import type { DocumentToIndex } from './document-to-index';

/** The index's view of a document as its `DocumentUpserted` records it, with the parents it has now. */
export function documentToIndexOf(
  upserted: DocumentUpserted['data'],
  parents: { readonly parentId: string | null; readonly parents: readonly string[] } = upserted,
): DocumentToIndex {
  return {
    dataSourceId: upserted.dataSourceId,
    documentId: upserted.documentId,
    title: upserted.title,
    tags: upserted.tags,
    parents: parents.parents,
    parentId: parents.parentId,
    sourceUrl: upserted.sourceUrl,
    mimeType: upserted.mimeType,
    timestamp: upserted.timestamp,
    created: upserted.createdAt,
    source: { section: upserted.section },
    // Workspaces carry no embedding provider yet: an operator-defined endpoint, or words only.
    embeddingProvider: null,
  };
}
