import type { DocumentBlobResponse, DocumentIdResponse, GetDocumentResponse, ListDocumentsResponse, UpdatedResponse, UpsertDocumentResponse } from '@app/contracts/http/data-source.types';
import { ListDocumentsQueryDto, TokenizeDto, UpdateDocumentParentsDto, UpsertDocumentDto } from '@app/contracts/http/document.dto';
import {
  DocumentBlobResponseSchema,
  DocumentIdResponseSchema,
  GetDocumentResponseSchema,
  ListDocumentsResponseSchema,
  TokenizeResponseSchema,
  UpdatedResponseSchema,
  UpsertDocumentResponseSchema,
} from '@app/contracts/http/openapi/data-source.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { RateLimit } from '../rate-limits/route-rate-limit.decorator';
import { DeleteDocumentCommand } from './commands/delete-document.command';
import { UpdateDocumentParentsCommand } from './commands/update-document-parents.command';
import { UpsertDocumentCommand } from './commands/upsert-document.command';
import { DataSourceLookup, type ResolvedDataSource } from './data-source-lookup';
import { dataSourcePaths } from './data-source-paths';
import { GetDocumentBlobQuery, GetDocumentQuery } from './queries/get-document.query';
import { ListDocumentsQuery } from './queries/list-documents.query';
import { tokenizeResponse } from './tokenizer';

/** The real service's budget of document upserts: 120 a minute per workspace. */

/** Documents of a data source (dust-api §5.3), on canonical and legacy paths of both families. */
@Controller()
export class DocumentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly lookup: DataSourceLookup,
  ) {}

  @Get(dataSourcePaths('/documents'))
  @ApiSuccess('List the documents of a data source', ListDocumentsResponseSchema)
  async list(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Query() query: ListDocumentsQueryDto): Promise<ListDocumentsResponse> {
    return this.queryBus.execute(new ListDocumentsQuery(await this.target(auth, spaceId, dsId), query));
  }

  @Get(dataSourcePaths('/documents/:documentId'))
  @ApiSuccess('Get a document with its text', GetDocumentResponseSchema)
  async get(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Param('documentId') documentId: string): Promise<GetDocumentResponse> {
    return this.queryBus.execute(new GetDocumentQuery(await this.target(auth, spaceId, dsId), documentId));
  }

  @Get(dataSourcePaths('/documents/:documentId/blob'))
  @ApiSuccess('Get a document as it was upserted', DocumentBlobResponseSchema)
  async blob(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Param('documentId') documentId: string): Promise<DocumentBlobResponse> {
    return this.queryBus.execute(new GetDocumentBlobQuery(await this.target(auth, spaceId, dsId), documentId));
  }

  @Post(dataSourcePaths('/documents/:documentId'))
  @HttpCode(200)
  @RateLimit('document_upserts')
  @ApiSuccess('Create or replace a document (admins and builders; 120 a minute per workspace)', UpsertDocumentResponseSchema)
  async upsert(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('documentId') documentId: string,
    @Body() body: UpsertDocumentDto,
  ): Promise<UpsertDocumentResponse | DocumentIdResponse> {
    return this.commandBus.execute(new UpsertDocumentCommand(auth, await this.target(auth, spaceId, dsId), documentId, body));
  }

  @Delete(dataSourcePaths('/documents/:documentId'))
  @ApiSuccess('Delete a document (admins and builders)', DocumentIdResponseSchema)
  async remove(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Param('documentId') documentId: string): Promise<DocumentIdResponse> {
    return this.commandBus.execute(new DeleteDocumentCommand(auth, await this.target(auth, spaceId, dsId), documentId));
  }

  @Post(dataSourcePaths('/documents/:documentId/parents'))
  @HttpCode(200)
  @ApiSuccess("Set a document's parents (admins and builders)", UpdatedResponseSchema)
  async parents(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('documentId') documentId: string,
    @Body() body: UpdateDocumentParentsDto,
  ): Promise<UpdatedResponse> {
    return this.commandBus.execute(new UpdateDocumentParentsCommand(auth, await this.target(auth, spaceId, dsId), documentId, body));
  }

  @Post(dataSourcePaths('/tokenize'))
  @HttpCode(200)
  @ApiSuccess('Split a text into the tokens documents are counted in', TokenizeResponseSchema)
  async tokenize(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Body() body: TokenizeDto): Promise<StreamableFile> {
    await this.target(auth, spaceId, dsId);
    return tokenizeResponse(body.text);
  }

  /** The data source a path names: in its space on canonical paths, wherever it lives on legacy ones. */
  private target(auth: AuthContext, spaceId: string | undefined, dsId: string): Promise<ResolvedDataSource> {
    return spaceId === undefined ? this.lookup.anywhere(auth, dsId) : this.lookup.inSpace(auth, spaceId, dsId);
  }
}
