import type { FileEnvelope } from '@app/contracts/http/file.types';
import type { FileUploadRequestDto } from '@app/contracts/http/file.dto';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FileAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { newPrefixedId } from '../../common/ids';
import { ConversationReader } from '../../conversations/conversation-reader';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { fileCategoryOf, MAX_FILE_BYTES, mediaTypeOf } from '@app/contracts/files/file-formats';
import { renderFile } from '../file-render';
import { ProjectAccess } from '../../projects/project-access';

/** Records a file about to be uploaded and answers where to upload it (reference §6.1). */
export class RequestFileUploadCommand extends Command<FileEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly input: FileUploadRequestDto,
    /** Base of the URLs the answer hands out. */
    readonly baseUrl: string,
  ) {
    super();
  }
}

@CommandHandler(RequestFileUploadCommand)
export class RequestFileUploadHandler implements ICommandHandler<RequestFileUploadCommand> {
  constructor(
    private readonly files: FileAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly conversations: ConversationReader,
    private readonly projects: ProjectAccess,
  ) {}

  async execute({ auth, input, baseUrl }: RequestFileUploadCommand): Promise<FileEnvelope> {
    const contentType = mediaTypeOf(input.contentType);
    const category = fileCategoryOf(contentType);
    if (category === null) throw new ApiError('file_type_not_supported', `Content type "${input.contentType}" is not supported.`);
    const cap = MAX_FILE_BYTES[category];
    if (input.fileSize > cap) {
      throw new ApiError('file_too_large', `Files of type ${contentType} may be at most ${Math.floor(cap / (1024 * 1024))} MB.`);
    }
    const metadata = input.useCaseMetadata ?? null;
    if (metadata?.conversationId !== undefined) await this.conversations.load(auth, metadata.conversationId);
    if (input.useCase === 'project_context') {
      if (metadata?.spaceId === undefined) throw new ApiError('invalid_request_error', 'A project_context file needs useCaseMetadata.spaceId, the project it belongs to.');
      await this.projects.project(auth, metadata.spaceId, 'Project files');
    }
    const fileId = newPrefixedId('fil');
    const { position } = await this.files.run(
      fileId,
      {
        type: 'RequestFileUpload',
        workspaceId: auth.workspace.sId,
        fileId,
        contentType,
        fileName: input.fileName,
        fileSize: input.fileSize,
        useCase: input.useCase,
        useCaseMetadata: metadata ? plainMetadata(metadata) : null,
        keyId: auth.keyId,
      },
      auth,
    );
    if (position !== null) await this.readModels.waitFor(position);
    const doc = await this.readModels.get<FileDocument>('files', fileId);
    if (!doc) throw new ApiError('internal_server_error', 'The file was recorded but cannot be read back.');
    return { file: renderFile(doc, baseUrl) };
  }
}

/** Only the known keys of the metadata are kept. */
function plainMetadata(metadata: NonNullable<FileUploadRequestDto['useCaseMetadata']>) {
  return {
    ...(metadata.conversationId !== undefined ? { conversationId: metadata.conversationId } : {}),
    ...(metadata.spaceId !== undefined ? { spaceId: metadata.spaceId } : {}),
    ...(metadata.sourceProvider !== undefined ? { sourceProvider: metadata.sourceProvider } : {}),
    ...(metadata.sourceIcon !== undefined ? { sourceIcon: metadata.sourceIcon } : {}),
  };
}
