import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import { isAgentConfigurationEvent } from '@app/contracts/events/agent-configuration.events';
import { isAuditEvent } from '@app/contracts/events/audit.events';
import type { AgentMessageCancelledOutcomeRecorded, AgentMessageStatusChanged } from '@app/contracts/events/conversation/conversation-message.events';
import { isToolApprovalEvent } from '@app/contracts/events/tool-approval.events';
import { isUserEvent } from '@app/contracts/events/user.events';
import { isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import {
  userAuditScope,
  workspaceAuditScope,
  type AuditDocumentRead,
  type AuditEntryDocument,
  type AuditKind,
} from '@app/contracts/read-models/audit.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

/** Events that make an entry of their own (one document each, keyed by log position). */
const SINGLE_EVENT_TYPES = [
  'UserSessionStarted',
  'UserTokenCreated',
  'UserTokenRevoked',
  'ApiKeyCreated',
  'ApiKeyRevoked',
  'WorkspaceMemberAdded',
  'WorkspaceMemberRoleChanged',
  'WorkspaceMemberRemoved',
  'AgentConfigurationCreated',
  'AgentConfigurationUpdated',
  'AgentConfigurationArchived',
  'AgentConfigurationRestored',
  'AuditTrailExported',
] as const;

const APPROVAL_TYPES = ['ToolApprovalRequested', 'ToolApprovalGiven', 'ToolApprovalExpired'] as const;
const RUN_OUTCOME_TYPES = ['AgentMessageStatusChanged', 'AgentMessageCancelledOutcomeRecorded'] as const;

/**
 * The audit trail, from the facts the log already holds: sign-ins, keys and tokens, memberships and
 * roles, agent configuration versions, tool approvals (with the tool's arguments), the documents
 * agent runs received from their tools (search results and resources, as the run's outcome records
 * its tool calls), and exports of the trail itself.
 */
export const auditEntryProjection: Projection<AuditEntryDocument> = {
  ...READ_MODELS.auditEntries,
  indexes: [
    { equal: ['scope'], sort: [{ field: 'position', direction: 'asc' }] },
    { equal: ['scope', 'kind'], sort: [{ field: 'position', direction: 'asc' }] },
    { equal: ['scope', 'actorId'], sort: [{ field: 'position', direction: 'asc' }] },
  ],
  canHandle: [...SINGLE_EVENT_TYPES, ...APPROVAL_TYPES, ...RUN_OUTCOME_TYPES],
  documentIds(event) {
    if (isToolApprovalEvent(event)) return event.type === 'UserQuestionAnswered' ? [] : [`tool_approval:${event.data.actionId}`];
    // Most status changes carry no tool output: they touch no entry (and cost the projector no read).
    if (isRunOutcome(event)) return documentsReadBy(event).length === 0 ? [] : [`documents_read:${event.data.messageId}`];
    return [String(event.position)];
  },
  evolve(doc, event) {
    if (isToolApprovalEvent(event)) return approvalEntry(doc, event);
    if (isRunOutcome(event)) return documentsReadEntry(doc, event);
    return singleEntry(event) ?? doc;
  },
};

/** An entry of the event's workspace (or account) at the event's position. */
function entry(event: RecordedEvent, scope: AuditEntryDocument['scope'], kind: AuditKind, actorId: string | null, at: number, details: Record<string, unknown>): AuditEntryDocument {
  return { scope, position: event.position, at, kind, actorId, details };
}

/** Who the log says caused the event, when it was a person or a key (not a process). */
function actorOf(event: RecordedEvent): string | null {
  const actor = event.metadata.actor;
  return actor === undefined || actor === 'system' ? null : actor;
}

function singleEntry(event: RecordedEvent): AuditEntryDocument | null {
  if (isUserEvent(event)) {
    const user = userAuditScope(event.data.userId);
    switch (event.type) {
      case 'UserSessionStarted':
        return entry(event, user, 'sign_in', event.data.userId, event.data.at, { userId: event.data.userId, method: event.data.method, userAgent: event.data.userAgent });
      case 'UserTokenCreated': {
        const { userId, tokenId, name, secretPrefix, expiresAt, at } = event.data;
        return entry(event, user, 'user_token.created', userId, at, { userId, tokenId, name, secretPrefix, expiresAt });
      }
      case 'UserTokenRevoked':
        return entry(event, user, 'user_token.revoked', event.data.userId, event.data.at, { userId: event.data.userId, tokenId: event.data.tokenId });
      default:
        return null;
    }
  }
  if (isWorkspaceEvent(event)) {
    switch (event.type) {
      case 'ApiKeyCreated': {
        const { workspaceId, keyId, role, userId, secretPrefix, at } = event.data;
        return entry(event, workspaceAuditScope(workspaceId), 'api_key.created', actorOf(event), at, { keyId, role, userId, secretPrefix: secretPrefix ?? null });
      }
      case 'ApiKeyRevoked':
        return entry(event, workspaceAuditScope(event.data.workspaceId), 'api_key.revoked', actorOf(event), event.data.at, { keyId: event.data.keyId });
      case 'WorkspaceMemberAdded': {
        const { workspaceId, userId, email, role, at } = event.data;
        return entry(event, workspaceAuditScope(workspaceId), 'member.added', actorOf(event), at, { userId, email, role });
      }
      case 'WorkspaceMemberRoleChanged': {
        const { workspaceId, userId, role, at } = event.data;
        return entry(event, workspaceAuditScope(workspaceId), 'member.role_changed', actorOf(event), at, { userId, role });
      }
      case 'WorkspaceMemberRemoved':
        return entry(event, workspaceAuditScope(event.data.workspaceId), 'member.removed', actorOf(event), event.data.at, { userId: event.data.userId });
      default:
        return null;
    }
  }
  if (isAgentConfigurationEvent(event)) {
    const { workspaceId, agentConfigurationId, at } = event.data;
    const kind = AGENT_CONFIGURATION_KINDS[event.type];
    const version = 'version' in event.data ? event.data.version : null;
    return entry(event, workspaceAuditScope(workspaceId), kind, event.data.author?.userId ?? actorOf(event), at, { agentConfigurationId, version });
  }
  if (isAuditEvent(event)) {
    const { workspaceId, exportId, actorId, filters, at } = event.data;
    return entry(event, workspaceAuditScope(workspaceId), 'audit.exported', actorId, at, { exportId, filters });
  }
  return null;
}

const AGENT_CONFIGURATION_KINDS = {
  AgentConfigurationCreated: 'agent_configuration.created',
  AgentConfigurationUpdated: 'agent_configuration.updated',
  AgentConfigurationArchived: 'agent_configuration.archived',
  AgentConfigurationRestored: 'agent_configuration.restored',
} as const satisfies Record<string, AuditKind>;

/**
 * One entry per blocked tool call: asked (with the tool's arguments), then answered by whom (or
 * expired). The entry moves to the answer's position, so the trail lists it when it was decided.
 */
function approvalEntry(doc: AuditEntryDocument | null, event: RecordedEvent): AuditEntryDocument | null {
  if (!isToolApprovalEvent(event)) return doc;
  switch (event.type) {
    case 'ToolApprovalRequested': {
      const { workspaceId, conversationId, messageId, userId, actionId, toolName, serverId, serverName, inputs, stake, at } = event.data;
      return entry(event, workspaceAuditScope(workspaceId), 'tool_call.approval', null, at, {
        conversationId,
        messageId,
        actionId,
        toolName,
        serverId,
        serverName,
        inputs,
        stake,
        askedOf: userId,
        askedAt: at,
        answer: null,
      });
    }
    case 'ToolApprovalGiven':
      if (!doc) return null;
      return { ...doc, position: event.position, at: event.data.at, actorId: event.data.userId ?? actorOf(event), details: { ...doc.details, answer: event.data.answer } };
    case 'ToolApprovalExpired':
      if (!doc) return null;
      return { ...doc, position: event.position, at: event.data.at, details: { ...doc.details, answer: 'expired' } };
    default:
      return doc;
  }
}

/**
 * What an agent run received from its tools: the resources among its calls' outputs (search
 * results name their document, data source and view). Built from the outcome the conversation
 * records when the run ends; a run that read nothing has no entry.
 */
function documentsReadEntry(doc: AuditEntryDocument | null, event: RunOutcome): AuditEntryDocument | null {
  const documents = documentsReadBy(event);
  if (documents.length === 0) return doc;
  const { workspaceId, conversationId, messageId, configurationId, at } = event.data;
  return entry(event, workspaceAuditScope(workspaceId), 'agent_run.documents_read', configurationId ?? null, at, {
    conversationId,
    messageId,
    agentConfigurationId: configurationId ?? null,
    documents,
  });
}

/** An event of the conversation that records what an agent run produced, tool calls included. */
type RunOutcome = RecordedEvent & (AgentMessageStatusChanged | AgentMessageCancelledOutcomeRecorded);

function isRunOutcome(event: RecordedEvent): event is RunOutcome {
  return (RUN_OUTCOME_TYPES as readonly string[]).includes(event.type);
}

/** The documents among the outputs of the tool calls a run outcome records. */
function documentsReadBy(event: RunOutcome): AuditDocumentRead[] {
  return (event.data.toolCalls ?? []).flatMap(documentsOf);
}

function documentsOf(call: AgentToolCall): AuditDocumentRead[] {
  return (call.output ?? []).flatMap((block) => {
    if (block.type === 'resource_link') return [read(call, { uri: block.uri, title: block.name })];
    if (block.type !== 'resource' || typeof block.resource !== 'object' || block.resource === null) return [];
    return [read(call, block.resource as Record<string, unknown>)];
  });
}

function read(call: AgentToolCall, resource: Record<string, unknown>): AuditDocumentRead {
  const text = (key: string): string | null => (typeof resource[key] === 'string' ? (resource[key] as string) : null);
  return {
    toolName: call.toolName,
    uri: text('uri'),
    title: text('title'),
    documentId: text('documentId'),
    dataSourceId: text('dataSourceId'),
    dataSourceViewId: text('dataSourceViewId'),
    fileId: text('fileId'),
  };
}
