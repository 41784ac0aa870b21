import type { MentionActionDto } from '@app/contracts/http/mention-action.dto';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ConversationWriter } from '../conversation-writer';

/**
 * A message's author approves or rejects a pending mention of a member (private family, as in the
 * real service): an approved member takes part in the conversation, a rejected one is left out.
 */
export class DecideMentionCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly body: MentionActionDto,
  ) {
    super();
  }
}

@CommandHandler(DecideMentionCommand)
export class DecideMentionHandler implements ICommandHandler<DecideMentionCommand> {
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, messageId, body }: DecideMentionCommand): Promise<SuccessResponse> {
    if (!auth.user) throw new ApiError('not_authenticated', 'User not authenticated', 401);
    if (body.action === 'dismissed') {
      throw new ApiError('invalid_request_error', 'Dismissing a mention is not supported by this service: approve or reject a pending member.');
    }
    if (body.type !== 'user') throw new ApiError('invalid_request_error', 'Only user mentions are supported.');
    await this.writer.runOnMessage(auth, conversationId, {
      type: 'DecideUserMention',
      messageId,
      userId: body.id,
      decision: body.action,
      decidedBy: auth.user.sId,
    });
    return { success: true };
  }
}
