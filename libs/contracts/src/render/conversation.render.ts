import type {
  AgentMessageFeedbackWire,
  Conversation,
  ConversationListItem,
  ConversationMessage,
  ForkingData,
  ForkUser,
  WorkspaceWire,
} from '../http/conversation.types';
import type { UserSnapshot } from '../events/conversation/conversation-event-values';
import { renderUserFromSnapshot } from './conversation-message.render';
import type {
  ConversationDocument,
  ConversationFeedbackRecord,
  ConversationWithContent,
} from '../read-models/conversation.read-models';
import { ownEntry } from '../read-models/own-entry';

export {
  applyAgentMessageStatusChange,
  renderAgentMessageFromEvent,
  renderContentFragmentFromEvent,
  renderUserMessageFromEvent,
} from './conversation-message.render';
export { renderConversationStreamEvent } from './conversation-stream.render';

/** What rendering a conversation needs besides its document. */
export interface ConversationRenderContext {
  /** sId of the user looking (drives `unread`/`lastReadMs`); null for an API key without a user. */
  readonly viewerUserId: string | null;
  /** The workspace as the caller sees it (the `owner` field). */
  readonly owner: WorkspaceWire;
  /** Public base URL of the deployment, without trailing slash (for `url` and `textUrl`). */
  readonly baseUrl: string;
}

/** Last read time of the viewer, and whether anything happened since. */
export function readStateOf(
  doc: ConversationDocument,
  viewerUserId: string | null,
): { readonly unread: boolean; readonly lastReadMs: number | null } {
  if (viewerUserId === null) return { unread: false, lastReadMs: null };
  const lastReadMs = ownEntry(doc.readState, viewerUserId) ?? null;
  return { unread: lastReadMs === null || lastReadMs < doc.updated, lastReadMs };
}

/** Conversation list item (2.1 + the client's ConversationWithoutContent). */
export function renderConversationListItem(
  doc: ConversationDocument,
  context: ConversationRenderContext,
): ConversationListItem {
  const { unread, lastReadMs } = readStateOf(doc, context.viewerUserId);
  return {
    id: doc.id,
    sId: doc.sId,
    created: doc.created,
    updated: doc.updated,
    owner: context.owner,
    title: doc.title,
    visibility: doc.visibility,
    depth: doc.depth,
    unread,
    lastReadMs,
    actionRequired: doc.actionRequired,
    hasError: doc.hasError,
    spaceId: doc.spaceId,
    triggerId: doc.triggerId,
    metadata: doc.metadata,
    requestedSpaceIds: doc.requestedSpaceIds,
    requestedGroupIds: [],
    groupIds: [],
    ...forkingDataOf(doc),
  };
}

/** `forkingData` (2.12) of a fork or of a conversation with forks; absent otherwise. */
function forkingDataOf(doc: ConversationDocument): { forkingData?: ForkingData } {
  const children = doc.forkedChildren ?? [];
  const from = doc.forkedFrom ?? null;
  if (!from && children.length === 0) return {};
  return {
    forkingData: {
      ...(from
        ? {
            forkedFrom: {
              parentConversationId: from.parentConversationId,
              parentConversationTitle: from.parentConversationTitle,
              sourceMessageId: from.sourceMessageId,
              branchedAt: from.branchedAt,
              user: renderForkUser(from.user, from.branchedAt),
              fileCopyStatus: doc.fileCopyStatus ?? 'done',
            },
          }
        : {}),
      forkedChildren: children.map((child) => ({
        childConversationId: child.childConversationId,
        childConversationTitle: child.childConversationTitle,
        sourceMessageId: child.sourceMessageId,
        branchedAt: child.branchedAt,
        user: renderForkUser(child.user, child.branchedAt),
      })),
    },
  };
}

function renderForkUser(user: UserSnapshot, at: number): ForkUser {
  return { ...renderUserFromSnapshot(user, at), lastLoginAt: null };
}

/**
 * The content as the public family shows it: without compaction messages, which the official
 * client's content union does not know (it would refuse the whole conversation).
 */
export function withoutCompactionMessages(conversation: Conversation): Conversation {
  const content = conversation.content
    .map((versions) => versions.filter((message) => message.type !== 'compaction_message'))
    .filter((versions) => versions.length > 0);
  return { ...conversation, content };
}

/** Full conversation (2.2): list fields, `url`, and the content (all of it or one page) in rank order. */
export function renderConversation(doc: ConversationWithContent, context: ConversationRenderContext): Conversation {
  return {
    ...renderConversationListItem(doc, context),
    content: doc.content
      .filter((versions) => versions.length > 0)
      .map((versions) => versions.map((message) => wireMessage(message, context.baseUrl))),
    url: conversationUrl(context.baseUrl, doc.workspaceId, doc.sId),
    ...(doc.lastRevision === undefined ? {} : { lastEventId: String(doc.lastRevision) }),
  };
}

/** Web address of a conversation. */
export function conversationUrl(baseUrl: string, workspaceId: string, conversationId: string): string {
  return `${baseUrl}/w/${workspaceId}/conversation/${conversationId}`;
}

/**
 * A message of the document as sent on the wire: file fragments get an absolute `textUrl`, and the
 * null node keys that documents projected before file fragments carried them lack.
 */
export function wireMessage<M extends ConversationMessage>(message: M, baseUrl: string): M {
  if (message.type !== 'content_fragment' || message.contentFragmentType !== 'file') return message;
  const textUrl = message.textUrl.startsWith('/') ? baseUrl + message.textUrl : message.textUrl;
  return { ...message, textUrl, nodeId: null, nodeDataSourceViewId: null };
}

/** Feedback wire shape (dust-api §1 Feedback). */
export function renderFeedback(record: ConversationFeedbackRecord): AgentMessageFeedbackWire {
  return {
    messageId: record.messageId,
    agentMessageId: record.agentMessageId,
    userId: record.userModelId ?? 0,
    thumbDirection: record.thumbDirection,
    content: record.content,
    createdAt: record.createdAt,
    agentConfigurationId: record.agentConfigurationId,
    agentConfigurationVersion: record.agentConfigurationVersion,
    isConversationShared: record.isConversationShared,
  };
}
