import type { BlockedToolCall } from '@app/contracts/events/tool-approval.events';
import type { BlockedAction, BlockedActionsResponse } from '@app/contracts/http/tool-approval.types';
import { toolApprovalAggregate } from '@app/domain/tool-approval/tool-approval.decider';
import { blockedCalls } from '@app/domain/tool-approval/tool-approval.state';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DeciderExecutor } from '../../application/decider-executor';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../../conversations/conversation-reader';

/** The tool calls of a conversation's running agent messages that wait for a person. */
export class ListBlockedActionsQuery extends Query<BlockedActionsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@QueryHandler(ListBlockedActionsQuery)
export class ListBlockedActionsHandler implements IQueryHandler<ListBlockedActionsQuery> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly executor: DeciderExecutor,
  ) {}

  async execute({ auth, conversationId }: ListBlockedActionsQuery): Promise<BlockedActionsResponse> {
    const documents = await this.reader.loadMessageDocuments(auth, conversationId);
    const running = documents.flatMap(({ message }) => (message.type === 'agent_message' && message.status === 'created' ? [message] : []));
    const lists = await Promise.all(
      running.map(async (message) => {
        const state = await this.executor.read(toolApprovalAggregate, message.sId);
        return blockedCalls(state).map((call) => blockedAction(call, message.configuration.name));
      }),
    );
    return { blockedActions: lists.flat() };
  }
}

function blockedAction(call: BlockedToolCall, agentName: string): BlockedAction {
  return {
    messageId: call.messageId,
    conversationId: call.conversationId,
    actionId: call.actionId,
    inputs: typeof call.inputs === 'object' && call.inputs !== null && !Array.isArray(call.inputs) ? (call.inputs as Record<string, unknown>) : {},
    stake: call.stake,
    status: 'blocked_validation_required',
    metadata: {
      agentName,
      mcpServerName: call.serverName ?? '',
      toolName: call.toolName,
      ...(call.serverId !== null ? { mcpServerId: call.serverId } : {}),
    },
  };
}
