import type { DocumentBlobResponse, GetDocumentResponse } from '@app/contracts/http/data-source.types';
import { dataSourceDocumentKey, type DataSourceDocumentRecord } from '@app/contracts/read-models/data-source.read-models';
import { renderCoreApiDocument, renderDocumentBlob } from '@app/contracts/render/data-source.render';
import { type SearchIndex } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { indexedDocumentChunks } from '../../search/indexed-document-chunks';
import { SEARCH_INDEX } from '../../search/search.tokens';
import type { ResolvedDataSource } from '../data-source-lookup';

async function loadDocument(readModels: ReadModels, target: ResolvedDataSource, documentId: string): Promise<DataSourceDocumentRecord> {
  const doc = await readModels.get<DataSourceDocumentRecord>('dataSourceDocuments', dataSourceDocumentKey(target.dataSource.sId, documentId));
  if (!doc) throw new ApiError('data_source_document_not_found', 'The document you requested was not found.');
  return doc;
}

/** One document of a data source, with its text. */
export class GetDocumentQuery extends Query<GetDocumentResponse> {
  constructor(
    readonly target: ResolvedDataSource,
    readonly documentId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDocumentQuery)
export class GetDocumentHandler implements IQueryHandler<GetDocumentQuery> {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async execute({ target, documentId }: GetDocumentQuery): Promise<GetDocumentResponse> {
    const doc = await loadDocument(this.readModels, target, documentId);
    const [chunks] = await indexedDocumentChunks(this.index, [doc]);
    return { document: { ...renderCoreApiDocument(doc), ...chunks } };
  }
}

/** One document of a data source as it was upserted (its section tree and metadata). */
export class GetDocumentBlobQuery extends Query<DocumentBlobResponse> {
  constructor(
    readonly target: ResolvedDataSource,
    readonly documentId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDocumentBlobQuery)
export class GetDocumentBlobHandler implements IQueryHandler<GetDocumentBlobQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ target, documentId }: GetDocumentBlobQuery): Promise<DocumentBlobResponse> {
    return renderDocumentBlob(await loadDocument(this.readModels, target, documentId));
  }
}
