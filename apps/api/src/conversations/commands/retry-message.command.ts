import type { RetryMessageResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { newSId } from '../../common/ids';
import { ConversationReader } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';
import { MessagePreparation } from '../message-preparation';
import { ApiError } from '../../common/http/api-error';

/** Retries an agent message: a new version at the same rank, run by the same agent. */
export class RetryMessageCommand extends Command<RetryMessageResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

@CommandHandler(RetryMessageCommand)
export class RetryMessageHandler implements ICommandHandler<RetryMessageCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly reader: ConversationReader,
    private readonly preparation: MessagePreparation,
  ) {}

  async execute({ auth, conversationId, messageId }: RetryMessageCommand): Promise<RetryMessageResponse> {
    const existing = await this.reader.loadMessage(auth, conversationId, messageId);
    if (existing.type !== 'agent_message') throw new ApiError('invalid_request_error', 'Only agent messages can be retried.');
    const configuration = (await this.preparation.resolveMentions(auth, [{ configurationId: existing.configuration.sId }])).mentionedAgents[0];
    const newMessageId = newSId();
    const position = await this.writer.run(auth, conversationId, { type: 'RetryAgentMessage', messageId, newMessageId, configuration });
    const messages = await this.reader.loadWrittenMessages(conversationId, position, [newMessageId]);
    return { message: this.reader.agentMessage(messages, newMessageId) };
  }
}
