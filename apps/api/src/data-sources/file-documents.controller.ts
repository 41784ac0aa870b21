import type { UpsertDocumentResponse } from '@app/contracts/http/data-source.types';
import { UpsertFileDocumentDto } from '@app/contracts/http/file-document.dto';
import { UpsertDocumentResponseSchema } from '@app/contracts/http/openapi/data-source.schema';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { RateLimit } from '../rate-limits/route-rate-limit.decorator';
import { UpsertFileDocumentCommand } from './commands/upsert-file-document.command';
import { DataSourceLookup } from './data-source-lookup';
import { spacePaths } from './data-source-paths';

/** Uploaded files made documents of a data source, as the real product's data source file route does. */
@Controller()
export class FileDocumentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly lookup: DataSourceLookup,
  ) {}

  @Post(spacePaths('/data_sources/:dsId/files'))
  @HttpCode(200)
  @RateLimit('document_upserts')
  @ApiSuccess('Upsert an uploaded file (use case upsert_document) as a document from its extracted text (admins and builders)', UpsertDocumentResponseSchema)
  async upsert(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Param('dsId') dsId: string, @Body() body: UpsertFileDocumentDto): Promise<UpsertDocumentResponse> {
    return this.commandBus.execute(new UpsertFileDocumentCommand(auth, await this.lookup.inSpace(auth, spaceId, dsId), body));
  }
}
