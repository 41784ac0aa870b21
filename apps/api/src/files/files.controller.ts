import { FileQueryDto, FileUploadRequestDto, SignedDownloadQueryDto } from '@app/contracts/http/file.dto';
import type { FileEnvelope } from '@app/contracts/http/file.types';
import { FileEnvelopeSchema } from '@app/contracts/http/openapi/file.schema';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { PublicRoute } from '../common/http/route-access';
import { ApiError } from '../common/http/api-error';
import { ApiFileContent, ApiNoContent, ApiSuccess } from '../common/openapi/api-operation.decorators';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { RateLimit } from '../rate-limits/route-rate-limit.decorator';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { DeleteFileCommand } from './commands/delete-file.command';
import { RequestFileUploadCommand } from './commands/request-file-upload.command';
import { UploadFileContentCommand } from './commands/upload-file-content.command';
import { FileAccess } from './file-access';
import { FileContent, fileVersionOf } from './file-content';
import { isSafeToDisplayInline } from '@app/contracts/files/file-formats';
import { requestBaseUrl } from './request-base-url';
import { isValidDownloadSignature, signedDownloadPath } from './signed-download';

const PUBLIC = 'api/v1/w/:wId/files';
const PRIVATE = 'api/w/:wId/files';
const BOTH = (suffix: string): string[] => [`${PUBLIC}${suffix}`, `${PRIVATE}${suffix}`];

/** Upload, read and delete files, on both path families (reference §6). */
@Controller()
export class FilesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly access: FileAccess,
    private readonly content: FileContent,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post(BOTH(''))
  @HttpCode(200)
  @RateLimit('file_uploads')
  @ApiSuccess('Request the upload of a file; answers the URL to post its content to', FileEnvelopeSchema)
  requestUpload(@Auth() auth: AuthContext, @Body() body: FileUploadRequestDto, @Req() request: ExpressRequest): Promise<FileEnvelope> {
    return this.commandBus.execute(new RequestFileUploadCommand(auth, body, requestBaseUrl(this.config, request)));
  }

  @Post(BOTH('/:fileId'))
  @HttpCode(200)
  @ApiSuccess('Upload the content of a requested file (multipart/form-data, one part named `file`) and process it', FileEnvelopeSchema)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'The bytes, typed as declared.' } } } })
  upload(@Auth() auth: AuthContext, @Param('fileId') fileId: string, @Req() request: ExpressRequest): Promise<FileEnvelope> {
    return this.commandBus.execute(new UploadFileContentCommand(auth, fileId, request, requestBaseUrl(this.config, request)));
  }

  @Get(BOTH('/:fileId'))
  @ApiFileContent(
    'Read a file',
    '`action=view` streams the bytes of types safe to show inline; anything else (and `action=download`) redirects (302) to a signed download URL. `version=processed` is the extracted text.',
  )
  async get(
    @Auth() auth: AuthContext,
    @Param('fileId') fileId: string,
    @Query() query: FileQueryDto,
    @Req() request: ExpressRequest,
    @Res() response: ExpressResponse,
  ): Promise<void> {
    const doc = await this.access.load(auth, fileId);
    const version = fileVersionOf(query.version);
    const content = this.content.versionOf(doc, version);
    if (query.action === 'view' && isSafeToDisplayInline(content.contentType)) {
      await this.content.send(response, content, 'inline');
      return;
    }
    const expiresAt = Math.floor(Date.now() / 1000) + this.config.files.downloadUrlTtlSeconds;
    const path = signedDownloadPath(this.config.files.downloadSecret.reveal(), { workspaceId: auth.workspace.sId, fileId, version, expiresAt });
    response.redirect(302, `${requestBaseUrl(this.config, request)}${path}`);
  }

  @Get(`${PRIVATE}/:fileId/signed`)
  @PublicRoute()
  @ApiFileContent('Download a file through a signed URL', 'No key: the signature in the query is the grant, valid until `expires` (epoch seconds).')
  async signed(
    @Param('wId') workspaceId: string,
    @Param('fileId') fileId: string,
    @Query() query: SignedDownloadQueryDto,
    @Res() response: ExpressResponse,
  ): Promise<void> {
    const version = fileVersionOf(query.version);
    const grant = { workspaceId, fileId, version, expiresAt: Number(query.expires) };
    const signature = query.signature ?? '';
    if (!isValidDownloadSignature(this.config.files.downloadSecret.reveal(), grant, signature, Math.floor(Date.now() / 1000))) {
      throw new ApiError('file_not_found', 'This download link is invalid or has expired.');
    }
    const doc = await this.readModels.get<FileDocument>('files', fileId);
    if (!doc || doc.workspaceId !== workspaceId) throw new ApiError('file_not_found', 'File not found.');
    await this.content.send(response, this.content.versionOf(doc, version), 'attachment');
  }

  @Delete(BOTH('/:fileId'))
  @ApiNoContent('Delete a file')
  async remove(@Auth() auth: AuthContext, @Param('fileId') fileId: string, @Res() response: ExpressResponse): Promise<void> {
    await this.commandBus.execute(new DeleteFileCommand(auth, fileId));
    response.status(204).end();
  }
}
