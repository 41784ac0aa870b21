import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationWriter } from '../conversation-writer';

/** Deletes a user message and the answers to it (private family): its author, or an admin. */
export class DeleteMessageCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteMessageCommand)
export class DeleteMessageHandler implements ICommandHandler<DeleteMessageCommand> {
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, messageId }: DeleteMessageCommand): Promise<SuccessResponse> {
    await this.writer.runOnMessage(auth, conversationId, {
      type: 'DeleteUserMessage',
      messageId,
      deletedBy: auth.user?.sId ?? null,
      byAdmin: auth.role === 'admin',
    });
    return { success: true };
  }
}
