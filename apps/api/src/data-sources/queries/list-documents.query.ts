import type { ListDocumentsQueryDto } from '@app/contracts/http/document.dto';
import type { ListDocumentsResponse } from '@app/contracts/http/data-source.types';
import type { DataSourceDocumentRecord } from '@app/contracts/read-models/data-source.read-models';
import { renderCoreApiDocument } from '@app/contracts/render/data-source.render';
import { type SearchIndex } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { indexedDocumentChunks } from '../../search/indexed-document-chunks';
import { SEARCH_INDEX } from '../../search/search.tokens';
import type { ResolvedDataSource } from '../data-source-lookup';

const DEFAULT_PAGE_SIZE = 10;

/**
 * A page of a data source's documents, newest timestamp first, and how many there are in all.
 * Without their text (`text: null`): a page of large documents would be tens of megabytes.
 */
export class ListDocumentsQuery extends Query<ListDocumentsResponse> {
  constructor(
    readonly target: ResolvedDataSource,
    readonly query: ListDocumentsQueryDto,
  ) {
    super();
  }
}

@QueryHandler(ListDocumentsQuery)
export class ListDocumentsHandler implements IQueryHandler<ListDocumentsQuery> {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async execute({ target, query }: ListDocumentsQuery): Promise<ListDocumentsResponse> {
    const where = {
      dataSourceId: target.dataSource.sId,
      ...(query.document_ids ? { documentId: { in: query.document_ids } } : {}),
    };
    const collection = await this.readModels.collection('dataSourceDocuments');
    const [documents, total] = await Promise.all([
      this.readModels.store.find<DataSourceDocumentRecord>(collection, {
        where,
        sort: [{ field: 'timestamp', direction: 'desc' }],
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
        offset: query.offset ?? 0,
      }),
      this.readModels.store.count(collection, where),
    ]);
    const chunks = await indexedDocumentChunks(this.index, documents);
    return { documents: documents.map((doc, i) => ({ ...renderCoreApiDocument(doc, false), ...chunks[i] })), total };
  }
}
