import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationWriter } from '../conversation-writer';

/** Deletes a conversation (private family); it answers 404 from then on. */
export class DeleteConversationCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteConversationCommand)
export class DeleteConversationHandler implements ICommandHandler<DeleteConversationCommand> {
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId }: DeleteConversationCommand): Promise<void> {
    await this.writer.runOnVisible(auth, conversationId, { type: 'DeleteConversation', deletedBy: auth.user?.sId ?? null });
  }
}
