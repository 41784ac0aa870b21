import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationWriter } from '../conversation-writer';

/** Stops the generation of agent messages; the runner sees it and ends the runs. */
export class CancelGenerationCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageIds: readonly string[],
  ) {
    super();
  }
}

@CommandHandler(CancelGenerationCommand)
export class CancelGenerationHandler implements ICommandHandler<CancelGenerationCommand> {
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, messageIds }: CancelGenerationCommand): Promise<SuccessResponse> {
    await this.writer.runOnVisible(auth, conversationId, { type: 'CancelAgentMessages', messageIds });
    return { success: true };
  }
}
