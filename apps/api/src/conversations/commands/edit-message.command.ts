import type { PostMessageResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { newSId } from '../../common/ids';
import { ConversationReader } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';
import { MessagePreparation } from '../message-preparation';
import type { EditMessageDto } from '@app/contracts/http/message.dto';
import { ApiError } from '../../common/http/api-error';

/** Edits a user message: a new version at the same rank, and fresh answers from the agents it mentions. */
export class EditMessageCommand extends Command<PostMessageResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly input: EditMessageDto,
  ) {
    super();
  }
}

@CommandHandler(EditMessageCommand)
export class EditMessageHandler implements ICommandHandler<EditMessageCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly reader: ConversationReader,
    private readonly preparation: MessagePreparation,
  ) {}

  async execute({ auth, conversationId, messageId, input }: EditMessageCommand): Promise<PostMessageResponse> {
    const existing = await this.reader.loadMessage(auth, conversationId, messageId);
    if (existing.type !== 'user_message') throw new ApiError('invalid_request_error', 'Only user messages can be edited.');
    const conversation = await this.reader.load(auth, conversationId);
    const mentions = await this.preparation.mentionsIn(auth, input.mentions, conversation);
    const newMessageId = newSId();
    const position = await this.writer.run(auth, conversationId, {
      type: 'EditUserMessage',
      messageId,
      newMessageId,
      content: input.content,
      mentions: input.mentions,
      editedBy: auth.user?.sId ?? null,
      skipToolsValidation: input.skipToolsValidation ?? false,
      ...mentions,
    });
    const messages = await this.reader.loadWrittenMessages(conversationId, position, [newMessageId, ...mentions.agentMessageIds]);
    return {
      message: this.reader.userMessage(messages, newMessageId),
      agentMessages: mentions.agentMessageIds.map((id) => this.reader.agentMessage(messages, id)),
    };
  }
}
