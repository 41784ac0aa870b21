import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationWriter } from '../conversation-writer';
import { actingUserOf } from '../message-preparation';
import type { FeedbackDto } from '@app/contracts/http/message-reaction.dto';

/** Gives (or changes) the key's member's thumbs feedback on an agent message. */
export class GiveFeedbackCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly input: FeedbackDto,
  ) {
    super();
  }
}

/** Removes the key's member's feedback on an agent message (400 when there is none). */
export class RemoveFeedbackCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

@CommandHandler(GiveFeedbackCommand)
export class GiveFeedbackHandler implements ICommandHandler<GiveFeedbackCommand> {
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, messageId, input }: GiveFeedbackCommand): Promise<SuccessResponse> {
    const user = actingUserOf(auth, 'Giving feedback');
    await this.writer.runOnMessage(auth, conversationId, {
      type: 'GiveFeedback',
      messageId,
      user,
      thumbDirection: input.thumbDirection,
      content: input.feedbackContent ?? null,
      isConversationShared: input.isConversationShared ?? false,
    });
    return { success: true };
  }
}

@CommandHandler(RemoveFeedbackCommand)
export class RemoveFeedbackHandler implements ICommandHandler<RemoveFeedbackCommand> {
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, messageId }: RemoveFeedbackCommand): Promise<SuccessResponse> {
    const user = actingUserOf(auth, 'Removing feedback');
    await this.writer.runOnMessage(auth, conversationId, { type: 'RemoveFeedback', messageId, user });
    return { success: true };
  }
}
