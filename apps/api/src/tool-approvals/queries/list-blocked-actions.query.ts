import type { BlockedToolCall } from '@app/contracts/events/tool-approval.events';
import type { BlockedAction, BlockedActionsResponse } from '@app/contracts/http/tool-approval.types';
import { blockedCallsOf, type ToolApprovalDocument } from '@app/contracts/read-models/tool-approval.read-models';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../../conversations/conversation-reader';
import { ReadModels } from '../../event-sourcing/reading/read-models';

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
    private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, conversationId }: ListBlockedActionsQuery): Promise<BlockedActionsResponse> {
    const documents = await this.reader.loadMessageDocuments(auth, conversationId);
    const running = documents.flatMap(({ message }) => (message.type === 'agent_message' && message.status === 'created' ? [message] : []));
    if (running.length === 0) return { blockedActions: [] };
    // A client hears of a blocked call on the message's stream, which a run writes after the
    // approval stream: once the read models have caught up with the log, they show the call too.
    await this.readModels.waitFor(await this.eventStore.headPosition());
    const approvals = await this.readModels.getMany<ToolApprovalDocument>('toolApprovals', running.map((message) => message.sId));
    return {
      blockedActions: running.flatMap((message) => blockedCallsOf(approvals.get(message.sId)).map((call) => blockedAction(call, message.configuration.name))),
    };
  }
}

function blockedAction(call: BlockedToolCall, agentName: string): BlockedAction {
  return {
    messageId: call.messageId,
    conversationId: call.conversationId,
    actionId: call.actionId,
    inputs: typeof call.inputs === 'object' && call.inputs !== null && !Array.isArray(call.inputs) ? (call.inputs as Record<string, unknown>) : {},
    stake: call.stake,
    ...(call.question ? { status: 'blocked_user_answer_required', question: call.question } : { status: 'blocked_validation_required' }),
    metadata: {
      agentName,
      mcpServerName: call.serverName ?? '',
      toolName: call.toolName,
      ...(call.serverId !== null ? { mcpServerId: call.serverId } : {}),
    },
  };
}
