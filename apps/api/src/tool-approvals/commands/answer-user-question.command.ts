import type { UserQuestionAnswer } from '@app/contracts/events/tool-approval.events';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ConversationReader } from '../../conversations/conversation-reader';
import { ToolApprovalAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';

/** The user answers the question an agent asked mid-run; the run waiting on it (on any instance) goes on with the answer. */
export class AnswerUserQuestionCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly actionId: string,
    readonly answer: UserQuestionAnswer,
  ) {
    super();
  }
}

@CommandHandler(AnswerUserQuestionCommand)
export class AnswerUserQuestionHandler implements ICommandHandler<AnswerUserQuestionCommand> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly toolApprovals: ToolApprovalAggregateWriter,
  ) {}

  async execute({ auth, conversationId, messageId, actionId, answer }: AnswerUserQuestionCommand): Promise<SuccessResponse> {
    const message = await this.reader.loadMessage(auth, conversationId, messageId);
    if (message.type !== 'agent_message') throw new ApiError('action_not_found', `No action ${actionId} of this message awaits an answer.`);
    await this.toolApprovals.run(messageId, { type: 'AnswerUserQuestion', actionId, answer, userId: auth.user?.sId ?? null }, auth);
    return { success: true };
  }
}
