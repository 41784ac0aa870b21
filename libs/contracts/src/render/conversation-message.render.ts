import type { AgentMessageOutcome, AgentMessageStatus } from '../events/conversation/agent-message-event-values';
import { runMessageOf, type RunMessage } from '../events/agent-run.events';
import type { ActingUser, UserSnapshot } from '../events/conversation/conversation-event-values';
import type {
  CompactionMessageCompleted,
  CompactionMessageCreated,
  AgentMessageCreated,
  AgentMessageStatusChanged,
  AgentMessageCancelledOutcomeRecorded,
  ContentFragmentAdded,
  ContentFragmentExpiredReason,
  UserMessageEdited,
  UserMessagePosted,
} from '../events/conversation/conversation.events';
import type { AgentMessage, CompactionMessage, ContentFragment, Reaction, UserMessage, UserWire } from '../http/conversation.types';
import { MESSAGE_AGENT_FLAGS, renderAgentSnapshot } from './agent-configuration.render';
import { rawContentsOf, renderRichMention, renderToolCall } from './agent-run.render';

/**
 * Wire messages built straight from events. The projection and the SSE endpoints both use these,
 * so a message looks the same in `GET conversation` and in `user_message_new`/`agent_message_new`.
 * `position` is the global log position of the event: it becomes the numeric `id`.
 */

/** The client's User shape from a snapshot; fields the snapshot lacks get neutral values. */
export function renderUserFromSnapshot(user: UserSnapshot, fallbackCreatedAt: number): UserWire {
  const [first] = user.fullName.split(' ');
  return {
    sId: user.sId,
    id: user.id ?? 0,
    createdAt: user.createdAt ?? fallbackCreatedAt,
    provider: user.provider ?? null,
    username: user.username,
    email: user.email,
    firstName: user.firstName ?? first ?? user.fullName,
    lastName: user.lastName ?? null,
    fullName: user.fullName,
    image: user.image,
  };
}

/** A user message version (2.5) with its rank, no reactions yet. */
export function renderUserMessageFromEvent(event: UserMessagePosted | UserMessageEdited, position: number): UserMessage {
  const d = event.data;
  return {
    id: position,
    type: 'user_message',
    sId: d.messageId,
    created: d.at,
    visibility: 'visible',
    version: d.version,
    rank: d.rank,
    branchId: null,
    user: d.user ? renderUserFromSnapshot(d.user, d.at) : null,
    mentions: d.mentions,
    richMentions: d.mentionDisplays.map(renderRichMention),
    content: d.content,
    context: d.context,
    agenticMessageData: d.agenticMessageData ?? null,
    reactions: [],
  };
}

/** A new agent message (2.7) in status `created`, with its rank. */
export function renderAgentMessageFromEvent(event: AgentMessageCreated, position: number): AgentMessage {
  return renderNewAgentMessage(runMessageOf(event, position));
}

/** The agent message a run answers as it was created (status `created`, nothing run yet). */
export function renderNewAgentMessage(m: RunMessage): AgentMessage {
  return {
    id: m.position,
    agentMessageId: m.position,
    type: 'agent_message',
    sId: m.messageId,
    created: m.createdAt,
    completedTs: null,
    visibility: 'visible',
    version: m.version,
    rank: m.rank,
    branchId: null,
    parentMessageId: m.parentMessageId,
    parentAgentMessageId: m.parentAgentMessageId,
    status: 'created',
    content: null,
    chainOfThought: null,
    error: null,
    configuration: renderAgentSnapshot(m.configuration, MESSAGE_AGENT_FLAGS),
    actions: [],
    contents: [],
    rawContents: [],
    skipToolsValidation: m.skipToolsValidation,
    richMentions: [],
    completionDurationMs: null,
    reactions: [],
    costCredits: null,
    subAgentCostCredits: null,
    resolvedModel: null,
    modelResolutionMethod: null,
  };
}

/** The agent message as its run ended with `outcome` (the run stream's `agent_message_success`). */
export function renderAgentMessageAtRunEnd(message: RunMessage, outcome: AgentMessageOutcome, at: number): AgentMessage {
  return applyAgentMessageOutcome(renderNewAgentMessage(message), 'succeeded', outcome, at);
}

/** The agent message after a status change: the new status plus every outcome field the event carries. */
export function applyAgentMessageStatusChange(message: AgentMessage, event: AgentMessageStatusChanged): AgentMessage {
  return applyAgentMessageOutcome(message, event.data.status, event.data, event.data.at);
}

/**
 * A cancelled agent message with what its run had produced when it stopped: the text, reasoning,
 * tool calls and usage; its status, error and completion time stay those of the cancel.
 */
export function applyAgentMessageCancelledOutcome(message: AgentMessage, event: AgentMessageCancelledOutcomeRecorded): AgentMessage {
  return applyAgentMessageOutcome(message, message.status, { ...event.data, completedTs: message.completedTs }, event.data.at);
}

/**
 * The agent message with a status and the outcome fields given (others keep their value). A final
 * status without a `completedTs` completes at `at`. Tool calls become actions of this message.
 */
export function applyAgentMessageOutcome(
  message: AgentMessage,
  status: AgentMessageStatus,
  outcome: AgentMessageOutcome,
  at: number,
): AgentMessage {
  const o = outcome;
  const final = status !== 'created';
  return {
    ...message,
    status,
    content: o.content !== undefined ? o.content : message.content,
    chainOfThought: o.chainOfThought !== undefined ? o.chainOfThought : message.chainOfThought,
    error: o.error !== undefined ? o.error : message.error,
    actions: o.toolCalls ? o.toolCalls.map((call) => renderToolCall(call, message.agentMessageId)) : message.actions,
    contents: o.contents ?? message.contents,
    rawContents: o.contents ? rawContentsOf(o.contents) : message.rawContents,
    completionDurationMs: o.completionDurationMs !== undefined ? o.completionDurationMs : message.completionDurationMs,
    costCredits: o.costCredits !== undefined ? o.costCredits : message.costCredits,
    resolvedModel: o.resolvedModel !== undefined ? o.resolvedModel : message.resolvedModel,
    modelResolutionMethod: o.modelResolutionMethod !== undefined ? o.modelResolutionMethod : message.modelResolutionMethod,
    completedTs: o.completedTs ?? (final ? at : message.completedTs),
  };
}

/**
 * A content fragment once its data source is gone: the reason, and null for everything that
 * pointed into it (reference §1, expired variants). A file fragment has nothing to expire.
 */
export function expireContentFragment(fragment: ContentFragment, reason: ContentFragmentExpiredReason): ContentFragment {
  if (fragment.contentFragmentType !== 'content_node') return fragment;
  return { ...fragment, expiredReason: reason, nodeId: null, nodeDataSourceViewId: null, nodeType: null, contentNodeData: null, snippet: null, textBytes: null };
}

/**
 * A content fragment (2.8 + client fields). Without `baseUrl`, `textUrl` is a path
 * (`/api/w/...`), which the conversation renderer prefixes with the deployment's base URL.
 */
export function renderContentFragmentFromEvent(
  event: ContentFragmentAdded,
  position: number,
  baseUrl = '',
): ContentFragment {
  const d = event.data;
  const base = {
    type: 'content_fragment' as const,
    id: position,
    sId: d.messageId,
    created: d.at,
    visibility: 'visible' as const,
    version: d.version,
    rank: d.rank,
    branchId: null,
    title: d.title,
    contentType: d.contentType,
    sourceUrl: d.sourceUrl,
    context: d.context,
    contentFragmentId: d.contentFragmentId,
    contentFragmentVersion: 'latest' as const,
    expiredReason: null,
    snippet: d.snippet,
    textBytes: d.textBytes,
  };
  if (d.contentFragmentType === 'content_node' && d.nodeId && d.nodeDataSourceViewId && d.nodeType) {
    return {
      ...base,
      contentFragmentType: 'content_node',
      nodeId: d.nodeId,
      nodeDataSourceViewId: d.nodeDataSourceViewId,
      nodeType: d.nodeType,
      contentNodeData: {
        nodeId: d.nodeId,
        nodeDataSourceViewId: d.nodeDataSourceViewId,
        nodeType: d.nodeType,
        provider: d.nodeProvider ?? null,
        spaceName: d.nodeSpaceName ?? '',
      },
    };
  }
  return {
    ...base,
    contentFragmentType: 'file',
    fileId: d.fileId,
    generatedTables: [],
    textUrl: baseUrl + contentFragmentTextPath(d.workspaceId, d.conversationId, d.messageId, d.fileId),
    sourceProvider: d.sourceProvider ?? null,
    sourceIcon: d.sourceIcon ?? null,
    path: d.path,
    processedPath: d.processedPath,
    skipFileProcessing: d.skipFileProcessing,
    nodeId: null,
    nodeDataSourceViewId: null,
  };
}

/** Where the text of a fragment is served: the processed file, or the fragment's raw content. */
export function contentFragmentTextPath(
  workspaceId: string,
  conversationId: string,
  messageId: string,
  fileId: string | null,
): string {
  return fileId
    ? `/api/w/${workspaceId}/files/${fileId}?action=view&version=processed`
    : `/api/w/${workspaceId}/assistant/conversations/${conversationId}/messages/${messageId}/raw_content_fragment`;
}

/** Reactions after a user adds (`on`) or removes an emoji; emojis keep their first-reaction order. */
export function applyReaction(
  reactions: readonly Reaction[],
  emoji: string,
  user: ActingUser,
  on: boolean,
): Reaction[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  const others = (existing?.users ?? []).filter((u) => u.userId !== user.userId);
  const users = on ? [...others, { userId: user.userId, username: user.username, fullName: user.fullName }] : others;
  if (!existing) return users.length > 0 ? [...reactions, { emoji, users }] : [...reactions];
  return reactions.flatMap((r) => (r.emoji !== emoji ? [r] : users.length > 0 ? [{ emoji, users }] : []));
}

/** A compaction message (2.9) as created: no summary yet. */
export function renderCompactionMessageFromEvent(event: CompactionMessageCreated, position: number): CompactionMessage {
  const d = event.data;
  return {
    id: position,
    compactionMessageId: position,
    type: 'compaction_message',
    sId: d.messageId,
    created: d.at,
    visibility: 'visible',
    version: 0,
    rank: d.rank,
    branchId: null,
    sourceConversationId: null,
    status: 'created',
    content: null,
  };
}

/** A compaction message once it ended. */
export function applyCompactionCompleted(message: CompactionMessage, event: CompactionMessageCompleted): CompactionMessage {
  return { ...message, status: event.data.status, content: event.data.content };
}
