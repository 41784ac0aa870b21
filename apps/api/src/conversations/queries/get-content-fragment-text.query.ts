import { isConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { BLOB_STORE, EVENT_STORE, type BlobStore, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ConversationReader } from '../conversation-reader';

const NO_TEXT = 'This content fragment has no text.';

/** The text of an inline content fragment and the type its sender declared. */
export interface ContentFragmentText {
  readonly contentType: string;
  readonly text: string;
}

/**
 * The raw text of a content fragment: the text of a fragment recorded inline, or else the processed
 * text of the file it refers to (inline fragments are stored as files now).
 */
export class GetContentFragmentTextQuery extends Query<ContentFragmentText> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

/**
 * The conversation read model says whether the caller may see the fragment and which file holds
 * its text: the blob of that file's processed version. Only a fragment recorded inline before
 * inline text became files has no file: its text is in the event that added it (read models keep
 * a snippet), the one case read from the conversation's stream.
 */
@QueryHandler(GetContentFragmentTextQuery)
export class GetContentFragmentTextHandler implements IQueryHandler<GetContentFragmentTextQuery> {
  constructor(
    private readonly reader: ConversationReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, conversationId, messageId }: GetContentFragmentTextQuery): Promise<ContentFragmentText> {
    const message = await this.reader.loadMessage(auth, conversationId, messageId);
    if (message.type !== 'content_fragment') throw new ApiError('message_not_found', 'Message not found.');
    if (message.contentFragmentType !== 'file') throw new ApiError('message_not_found', NO_TEXT);
    if (message.fileId !== null) return { contentType: message.contentType, text: await this.fileText(auth, message.fileId) };
    return this.inlineText(conversationId, messageId);
  }

  /** The text of a fragment recorded inline, from the event that added it. */
  private async inlineText(conversationId: string, messageId: string): Promise<ContentFragmentText> {
    for (const recorded of await this.eventStore.readStream(toConversationStreamName(conversationId))) {
      const event = upcast(recorded);
      if (!isConversationEvent(event) || event.type !== 'ContentFragmentAdded' || event.data.messageId !== messageId) continue;
      if (event.data.textContent !== null) return { contentType: event.data.contentType, text: event.data.textContent };
      break;
    }
    throw new ApiError('message_not_found', NO_TEXT);
  }

  /** The processed text of a ready file of the caller's workspace; 404 once it is deleted or has none. */
  private async fileText(auth: AuthContext, fileId: string): Promise<string> {
    const file = await this.readModels.get<FileDocument>('files', fileId);
    const stream = file?.workspaceId === auth.workspace.sId && file.status === 'ready' && file.processedHash !== null ? await this.blobs.get(file.processedHash) : null;
    if (stream === null) throw new ApiError('file_not_found', 'The file of this content fragment is no longer available.');
    const parts: Buffer[] = [];
    for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(parts).toString('utf8');
  }
}
