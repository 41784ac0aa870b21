import type { PostMessageResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import type { PathFamily } from '../../common/http/path-family';
import { ConversationReader } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';
import { MessagePreparation } from '../message-preparation';
import type { PostMessageInput } from '@app/contracts/http/message.dto';
import { waitForAgentMessages } from '../wait-for-agent-messages';

/** Posts a user message; each mentioned agent gets an agent message to answer it (spec 4.2). */
export class PostMessageCommand extends Command<PostMessageResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly input: PostMessageInput,
    readonly family: PathFamily,
  ) {
    super();
  }
}

@CommandHandler(PostMessageCommand)
export class PostMessageHandler implements ICommandHandler<PostMessageCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly reader: ConversationReader,
    private readonly preparation: MessagePreparation,
  ) {}

  async execute({ auth, conversationId, input, family }: PostMessageCommand): Promise<PostMessageResponse> {
    const conversation = await this.reader.load(auth, conversationId);
    const message = await this.preparation.prepare(auth, input, family, conversation);
    const position = await this.writer.run(auth, conversationId, { type: 'PostUserMessage', ...message });
    // Only the header and the new messages are read back: the answer costs the same at any length.
    const ids = [message.messageId, ...message.agentMessageIds];
    let messages = await this.reader.loadWrittenMessages(conversationId, position, ids);
    if (input.blocking) messages = await waitForAgentMessages(this.reader, auth, conversationId, message.agentMessageIds);
    return {
      message: this.reader.userMessage(messages, message.messageId),
      agentMessages: message.agentMessageIds.map((id) => this.reader.agentMessage(messages, id)),
    };
  }
}
