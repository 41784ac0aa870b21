import { Module } from '@nestjs/common';
import { AgentRunnerModule } from '../agent-runner';
import { ConversationsModule } from '../conversations/conversations.module';
import { ValidateActionHandler } from './commands/validate-action.command';
import { ListBlockedActionsHandler } from './queries/list-blocked-actions.query';
import { ToolApprovalsController } from './tool-approvals.controller';

/** Approval of agents' tool calls: the blocked-actions listing and `validate-action`. */
@Module({
  imports: [AgentRunnerModule, ConversationsModule],
  controllers: [ToolApprovalsController],
  providers: [ValidateActionHandler, ListBlockedActionsHandler],
})
export class ToolApprovalsModule {}
