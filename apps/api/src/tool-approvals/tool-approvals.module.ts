import { Module } from '@nestjs/common';
import { AgentRunnerModule } from '../agent-runner';
import { ConversationsModule } from '../conversations/conversations.module';
import { AnswerUserQuestionHandler } from './commands/answer-user-question.command';
import { ValidateActionHandler } from './commands/validate-action.command';
import { ListBlockedActionsHandler } from './queries/list-blocked-actions.query';
import { ListWaitingActionsHandler } from './queries/list-waiting-actions.query';
import { ToolApprovalsController } from './tool-approvals.controller';
import { WaitingActionsController } from './waiting-actions.controller';

/** Approval of agents' tool calls and answers to their questions: the blocked-actions listing, `validate-action` and `answer-question`. */
@Module({
  imports: [AgentRunnerModule, ConversationsModule],
  controllers: [ToolApprovalsController, WaitingActionsController],
  providers: [ValidateActionHandler, AnswerUserQuestionHandler, ListBlockedActionsHandler, ListWaitingActionsHandler],
})
export class ToolApprovalsModule {}
