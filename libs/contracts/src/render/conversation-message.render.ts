import type {
  ActingUser,
  AgentMessageCreated,
  AgentMessageStatusChanged,
  ContentFragmentAdded,
  UserMessageEdited,
  UserMessagePosted,
  UserSnapshot,
} from '../events/conversation.events';
import type {
  AgentMessage,
  AgentRawContent,
  AgentStepContent,
  ContentFragment,
  Reaction,
  UserMessage,
  UserWire,
} from '../http/conversation.types';

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
    richMentions: d.richMentions,
    content: d.content,
    context: d.context,
    agenticMessageData: d.agenticMessageData ?? null,
    reactions: [],
  };
}

/** A new agent message (2.7) in status `created`, with its rank. */
export function renderAgentMessageFromEvent(event: AgentMessageCreated, position: number): AgentMessage {
  const d = event.data;
  return {
    id: position,
    agentMessageId: position,
    type: 'agent_message',
    sId: d.messageId,
    created: d.at,
    completedTs: null,
    visibility: 'visible',
    version: d.version,
    rank: d.rank,
    branchId: null,
    parentMessageId: d.parentMessageId,
    parentAgentMessageId: d.parentAgentMessageId,
    status: 'created',
    content: null,
    chainOfThought: null,
    error: null,
    configuration: d.configuration,
    actions: [],
    contents: [],
    rawContents: [],
    skipToolsValidation: d.skipToolsValidation,
    richMentions: [],
    completionDurationMs: null,
    reactions: [],
    costCredits: null,
    subAgentCostCredits: null,
    resolvedModel: null,
    modelResolutionMethod: null,
  };
}

/** The agent message after a status change: the new status plus every outcome field the event carries. */
export function applyAgentMessageStatusChange(message: AgentMessage, event: AgentMessageStatusChanged): AgentMessage {
  const d = event.data;
  const final = d.status !== 'created';
  return {
    ...message,
    status: d.status,
    content: d.content !== undefined ? d.content : message.content,
    chainOfThought: d.chainOfThought !== undefined ? d.chainOfThought : message.chainOfThought,
    error: d.error !== undefined ? d.error : message.error,
    actions: d.actions ?? message.actions,
    contents: d.contents ?? message.contents,
    rawContents: d.rawContents ?? (d.contents ? rawContentsOf(d.contents) : message.rawContents),
    completionDurationMs:
      d.completionDurationMs !== undefined ? d.completionDurationMs : message.completionDurationMs,
    costCredits: d.costCredits !== undefined ? d.costCredits : message.costCredits,
    resolvedModel: d.resolvedModel !== undefined ? d.resolvedModel : message.resolvedModel,
    modelResolutionMethod:
      d.modelResolutionMethod !== undefined ? d.modelResolutionMethod : message.modelResolutionMethod,
    completedTs: d.completedTs ?? (final ? d.at : message.completedTs),
  };
}

/** Text of each step, from the structured contents (`text_content` items). */
function rawContentsOf(contents: readonly AgentStepContent[]): AgentRawContent[] {
  const byStep = new Map<number, string>();
  for (const { step, content } of contents) {
    if (content.type !== 'text_content' || typeof content.value !== 'string') continue;
    byStep.set(step, (byStep.get(step) ?? '') + content.value);
  }
  return [...byStep.entries()].sort(([a], [b]) => a - b).map(([step, content]) => ({ step, content }));
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
