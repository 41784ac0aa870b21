import type { PublicEventKind } from '@app/contracts/events/subscription.events';
import type { RecordedEvent } from '@app/storage';

/**
 * An event of the log in the public vocabulary: its kind, what it belongs to (for the filters),
 * and the data integrators receive. The workspace is null when the internal event does not carry
 * it (tool approvals answered): the first event of its stream says.
 */
export interface PublicEvent {
  readonly kind: PublicEventKind;
  readonly workspaceId: string | null;
  readonly conversationId: string | null;
  readonly spaceId: string | null;
  readonly agentId: string | null;
  readonly data: Record<string, unknown>;
}

type Data = Record<string, unknown>;
const text = (data: Data, key: string): string | null => (typeof data[key] === 'string' ? (data[key] as string) : null);

function publicEvent(kind: PublicEventKind, data: Data, payload: Data, agentId: string | null = null): PublicEvent {
  return { kind, workspaceId: text(data, 'workspaceId'), conversationId: text(data, 'conversationId'), spaceId: text(data, 'spaceId'), agentId, data: payload };
}

const AGENT_OUTCOMES: Readonly<Record<string, PublicEventKind>> = {
  succeeded: 'agent_message.succeeded',
  failed: 'agent_message.failed',
  cancelled: 'agent_message.cancelled',
};

/**
 * The public event an internal event stands for, or null for the many that integrators do not see
 * (token batches, leases, read models' bookkeeping). A pure mapping: internal events may change
 * shape and name behind it while the vocabulary stays.
 */
export function toPublicEvent(event: Pick<RecordedEvent, 'type' | 'data'>): PublicEvent | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'ConversationCreated':
      return publicEvent('conversation.created', data, { conversationId: data.conversationId, title: data.title ?? null, spaceId: data.spaceId ?? null });
    case 'UserMessagePosted':
      return publicEvent('message.posted', data, {
        conversationId: data.conversationId,
        messageId: data.messageId,
        content: data.content,
        userId: (data.user as { sId?: string } | null)?.sId ?? null,
      });
    case 'AgentMessageStatusChanged': {
      const kind = AGENT_OUTCOMES[String(data.status)];
      if (!kind) return null;
      const agentId = text(data, 'configurationId');
      return publicEvent(kind, data, { conversationId: data.conversationId, messageId: data.messageId, agentId, error: data.error ?? null }, agentId);
    }
    case 'ToolApprovalRequested':
      return publicEvent('tool_call.blocked', data, {
        conversationId: data.conversationId,
        messageId: data.messageId,
        actionId: data.actionId,
        toolName: data.toolName,
        serverName: data.serverName ?? null,
        inputs: data.inputs ?? null,
      });
    case 'ToolApprovalGiven':
      if (data.answer !== 'approved' && data.answer !== 'always_approved') return null;
      return publicEvent('tool_call.approved', data, { actionId: data.actionId, answer: data.answer, userId: data.userId ?? null });
    case 'FileProcessed':
      return publicEvent('file.ready', data, { fileId: data.fileId });
    case 'FileProcessingFailed':
      return publicEvent('file.failed', data, { fileId: data.fileId, reason: data.reason });
    case 'DocumentUpserted':
      return publicEvent('document.upserted', data, { spaceId: data.spaceId, dataSourceId: data.dataSourceId, documentId: data.documentId, title: data.title ?? null });
    case 'DocumentDeleted':
      return publicEvent('document.deleted', data, { spaceId: data.spaceId, dataSourceId: data.dataSourceId, documentId: data.documentId });
    case 'TableImportCompleted':
      return publicEvent('table.imported', data, { spaceId: data.spaceId, dataSourceId: data.dataSourceId, tableId: data.tableId, rowsImported: data.rowsImported });
    case 'WorkspaceMemberAdded':
      return publicEvent('member.joined', data, { userId: data.userId, email: data.email, role: data.role });
    case 'WorkspaceMemberRemoved':
      return publicEvent('member.removed', data, { userId: data.userId });
    case 'TriggerFiringCompleted':
      return publicEvent('trigger.fired', data, {
        triggerId: data.triggerId,
        firingId: data.firingId,
        outcome: data.outcome,
        conversationId: data.conversationId ?? null,
        error: data.error ?? null,
      });
    default:
      return null;
  }
}
