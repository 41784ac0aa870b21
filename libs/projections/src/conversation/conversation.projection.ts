import {
  CONVERSATION_EVENT_TYPES,
  isConversationActivity,
  isConversationEvent,
  type AgentMessageStatusChanged,
  type ConversationCreated,
  type ConversationEvent,
} from '@app/contracts/events/conversation/conversation.events';
import type { AgentMessageAtRank, ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';
import { assertNever } from '@app/contracts/assert-never';
import { membersLetInBy } from '@app/contracts/render/mention-decision.render';

/**
 * The conversation header (id = conversation sId): what the list shape needs and the counters the
 * message documents cannot give, none of which grows with the number of messages. Message content
 * is the conversation-message projection. Idempotent: an event at or before `lastPosition`
 * changes nothing.
 */
export const conversationProjection: Projection<ConversationDocument> = {
  ...READ_MODELS.conversations,
  indexes: [
    'workspaceId',
    'sId',
    'updated',
    'deleted',
    'spaceId',
    'triggerId',
    // The conversations list: a workspace's live conversations, newest activity first.
    { equal: ['workspaceId', 'deleted', 'visibility'], sort: [{ field: 'updated', direction: 'desc' }] },
  ],
  canHandle: CONVERSATION_EVENT_TYPES,
  documentIds: (event) => (isConversationEvent(event) ? [event.data.conversationId] : []),
  evolve(doc, event) {
    if (!isConversationEvent(event)) return doc;
    if (event.type === 'ConversationCreated') return doc ?? createdDocument(event, event.position, event.revision);
    if (!doc || doc.lastPosition >= event.position) return doc;
    const next = evolveDocument(doc, event);
    const updated = isConversationActivity(event) ? Math.max(doc.updated, event.data.at) : doc.updated;
    if (next === doc) return { ...doc, updated, lastPosition: event.position, lastRevision: event.revision };
    // A copy evolveDocument just made, seen by nobody else yet: completed in place rather than copied again.
    const fresh = next as Mutable<ConversationDocument>;
    fresh.updated = updated;
    fresh.lastPosition = event.position;
    fresh.lastRevision = event.revision;
    return fresh;
  },
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function createdDocument(event: ConversationCreated, position: number, revision: number): ConversationDocument {
  const d = event.data;
  return {
    id: position,
    sId: d.conversationId,
    workspaceId: d.workspaceId,
    created: d.at,
    updated: d.at,
    title: d.title,
    visibility: d.visibility,
    depth: d.depth,
    spaceId: d.spaceId,
    triggerId: d.triggerId,
    metadata: d.metadata,
    requestedSpaceIds: d.requestedSpaceIds,
    createdBy: d.createdBy?.sId ?? null,
    participants: d.createdBy ? [d.createdBy.sId] : [],
    readState: d.createdBy ? { [d.createdBy.sId]: d.at } : {},
    hasError: false,
    actionRequired: false,
    deleted: false,
    nextRank: 0,
    runningAgentMessages: [],
    failedAgentMessages: [],
    ...(d.forkedFrom ? { forkedFrom: d.forkedFrom, fileCopyStatus: 'pending' as const } : {}),
    lastPosition: position,
    lastRevision: revision,
  };
}

function evolveDocument(doc: ConversationDocument, event: ConversationEvent): ConversationDocument {
  switch (event.type) {
    case 'ConversationCreated':
      return doc;
    case 'ConversationTitleChanged':
      return { ...doc, title: event.data.title };
    case 'ConversationVisibilityChanged':
      return { ...doc, visibility: event.data.visibility };
    case 'ConversationMetadataChanged':
      return { ...doc, metadata: event.data.metadata };
    case 'ConversationMovedToProject':
      return { ...doc, spaceId: event.data.spaceId };
    case 'ConversationDeleted':
      return { ...doc, deleted: true, visibility: 'deleted' };
    case 'ConversationReadStateChanged':
      return { ...doc, readState: { ...doc.readState, [event.data.userId]: event.data.read ? event.data.at : null } };
    case 'UserMessagePosted':
    case 'UserMessageEdited': {
      const user = event.data.user;
      const joining = [...(user ? [user.sId] : []), ...membersLetInBy(event.data.mentionDisplays)];
      const participants = [...doc.participants, ...new Set(joining.filter((id) => !doc.participants.includes(id)))];
      const readState = user ? { ...doc.readState, [user.sId]: event.data.at } : doc.readState;
      return { ...doc, ...versionAt(doc, event.data.rank), participants, readState };
    }
    case 'AgentMessageCreated': {
      const { messageId, rank, previousMessageId } = event.data;
      const version = versionAt(doc, rank, previousMessageId ?? null);
      const running = version.runningAgentMessages;
      const runningAgentMessages = running.some((m) => m.sId === messageId) ? running : [...running, { sId: messageId, rank }];
      return { ...doc, ...version, runningAgentMessages };
    }
    case 'AgentMessageStatusChanged':
      return withStatusChange(doc, event);
    case 'UserMentionDecided': {
      // An approved member takes part from now on, as the real service subscribes them.
      const { status, userId } = event.data;
      if (status !== 'approved' || doc.participants.includes(userId)) return doc;
      return { ...doc, participants: [...doc.participants, userId] };
    }
    case 'ContentFragmentAdded':
      return { ...doc, ...versionAt(doc, event.data.rank) };
    case 'AgentMessageCancelledOutcomeRecorded':
    case 'MessageDeleted':
    case 'MentionDismissed':
    case 'ContentFragmentSuperseded':
    case 'ContentFragmentExpired':
    case 'ReactionAdded':
    case 'ReactionRemoved':
    case 'AgentMessageFeedbackGiven':
    case 'AgentMessageFeedbackRemoved':
    case 'ForkFileCopyCompleted':
    case 'ForkFileCopyFailed':
      return doc;
    case 'CompactionMessageCreated': {
      const compaction = { messageId: event.data.messageId, startedAt: event.data.at };
      return { ...doc, nextRank: Math.max(doc.nextRank, event.data.rank + 1), compacting: true, compaction };
    }
    case 'CompactionMessageCompleted':
      return doc.compaction?.messageId === event.data.messageId ? { ...doc, compacting: false, compaction: null } : doc;
    case 'ConversationForked': {
      const { childConversationId, childConversationTitle, sourceMessageId, branchedAt, user } = event.data;
      const children = (doc.forkedChildren ?? []).filter((c) => c.childConversationId !== childConversationId);
      return { ...doc, forkedChildren: [...children, { childConversationId, childConversationTitle, sourceMessageId, branchedAt, user }] };
    }
    case 'ForkPrepared':
      return { ...doc, fileCopyStatus: 'done' };
    default:
      return assertNever(event);
  }
}

/**
 * The fields a new message version at `rank` changes (spread over the document with the others
 * the event changes, in one copy): it moves the end of the conversation, and replaces whatever
 * agent message was the latest version there, failed or still running (`previousMessageId` names
 * it when the log says so; logs of older schemas may not).
 */
function versionAt(
  doc: ConversationDocument,
  rank: number,
  previousMessageId: string | null = null,
): Pick<ConversationDocument, 'nextRank' | 'runningAgentMessages' | 'failedAgentMessages' | 'hasError'> {
  const replaced = (m: AgentMessageAtRank) => m.rank === rank || m.sId === previousMessageId;
  return {
    nextRank: Math.max(doc.nextRank, rank + 1),
    runningAgentMessages: doc.runningAgentMessages.filter((m) => !replaced(m)),
    ...failedFields(doc.failedAgentMessages.filter((m) => !replaced(m))),
  };
}

/**
 * A running agent message leaves the running list on a final status, and is remembered when it
 * failed. A message the header no longer tracks was replaced by a later version: its status
 * cannot make the conversation's latest versions fail.
 */
function withStatusChange(doc: ConversationDocument, event: AgentMessageStatusChanged): ConversationDocument {
  const { messageId, status } = event.data;
  const tracked = doc.runningAgentMessages.find((m) => m.sId === messageId) ?? doc.failedAgentMessages.find((m) => m.sId === messageId);
  if (!tracked) return doc;
  const runningAgentMessages = status === 'created' ? doc.runningAgentMessages : doc.runningAgentMessages.filter((m) => m.sId !== messageId);
  const others = doc.failedAgentMessages.filter((m) => m.sId !== messageId);
  const stillTracked = status === 'failed' ? [...others, tracked] : others;
  return { ...doc, runningAgentMessages, ...failedFields(stillTracked) };
}

/** The failed messages tracked, and the flag derived from them. */
function failedFields(failedAgentMessages: readonly AgentMessageAtRank[]): Pick<ConversationDocument, 'failedAgentMessages' | 'hasError'> {
  return { failedAgentMessages, hasError: failedAgentMessages.length > 0 };
}
