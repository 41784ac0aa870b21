import type { ToolApprovalAnswer } from '@app/contracts/events/tool-approval.events';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { toolApprovalKey } from '@app/domain/tool-approval/tool-stake';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ToolApprovals } from '../../agent-runner';
import { ToolApprovalAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ConversationReader } from '../../conversations/conversation-reader';

/** A person answers a blocked tool call; the run waiting on it (on any instance) resumes. */
export class ValidateActionCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly actionId: string,
    readonly answer: ToolApprovalAnswer,
  ) {
    super();
  }
}

@CommandHandler(ValidateActionCommand)
export class ValidateActionHandler implements ICommandHandler<ValidateActionCommand> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly toolApprovals: ToolApprovalAggregateWriter,
    private readonly approvals: ToolApprovals,
  ) {}

  async execute({ auth, conversationId, messageId, actionId, answer }: ValidateActionCommand): Promise<SuccessResponse> {
    const message = await this.reader.loadMessage(auth, conversationId, messageId);
    if (message.type !== 'agent_message') throw new ApiError('action_not_found', `No action ${actionId} of this message awaits approval.`);
    const userId = auth.user?.sId ?? null;
    const { state } = await this.toolApprovals.run(messageId, { type: 'AnswerToolApproval', actionId, answer, userId }, auth);
    const call = state.entries.get(actionId)?.call;
    // A high stake asks every time: its `always_approved` approves this call only.
    if (answer === 'always_approved' && userId !== null && call && call.stake !== 'high') {
      await this.approvals.rememberAlwaysApproved(auth.workspace.sId, userId, toolApprovalKey({ name: call.toolName, serverId: call.serverId }));
    }
    return { success: true };
  }
}
