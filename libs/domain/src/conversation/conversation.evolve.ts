import {
  isConversationActivity,
  type ConversationEvent,
  type UserMessageData,
} from '@app/contracts/events/conversation/conversation.events';
import { assertNever } from '@app/contracts/assert-never';
import type {
  ConversationState,
  ExistingConversationState,
  MessageState,
  MessageStateBase,
  ReactionsState,
  UserMessageState,
} from './conversation.state';
import { LayeredMap } from './layered-map';
import { isCancelWithoutItsRun } from './cancelled-outcome';
import { isPendingMentionStatus, isRestrictedMentionStatus, mentionKey } from './mention-status.policy';

/** Folds one event into the decision state. Never throws; events for a missing conversation are ignored. */
export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  if (event.type === 'ConversationCreated') {
    if (state.status !== 'initial') return state;
    const d = event.data;
    return {
      status: 'active',
      conversationId: d.conversationId,
      workspaceId: d.workspaceId,
      title: d.title,
      visibility: d.visibility,
      depth: d.depth,
      metadata: d.metadata,
      spaceId: d.spaceId ?? null,
      updatedAt: d.at,
      nextRank: 0,
      messages: LayeredMap.empty(),
      readAt: new Map(d.createdBy ? [[d.createdBy.sId, d.at]] : []),
      compactingMessageId: null,
      compactingSince: 0,
      compactedUpToRank: 0,
      forkPreparing: Boolean(d.forkedFrom),
      forkPreparingSince: d.at,
    };
  }
  if (state.status === 'initial') return state;
  const touched = isConversationActivity(event)
    ? { ...state, updatedAt: Math.max(state.updatedAt, event.data.at) }
    : state;
  return evolveExisting(touched, event);
}

function evolveExisting(state: ExistingConversationState, event: ConversationEvent): ExistingConversationState {
  switch (event.type) {
    case 'ConversationCreated':
      return state;
    case 'ConversationTitleChanged':
      return { ...state, title: event.data.title };
    case 'ConversationVisibilityChanged':
      return { ...state, visibility: event.data.visibility };
    case 'ConversationMetadataChanged':
      return { ...state, metadata: event.data.metadata };
    case 'ConversationMovedToProject':
      return { ...state, spaceId: event.data.spaceId };
    case 'ConversationDeleted':
      return { ...state, status: 'deleted', visibility: 'deleted' };
    case 'ConversationReadStateChanged':
      return { ...state, readAt: withEntry(state.readAt, event.data.userId, event.data.read ? event.data.at : null) };
    case 'UserMessagePosted':
      return withReadByAuthor(addVersion(state, userMessageState(event.data), null), event.data);
    case 'UserMessageEdited': {
      const version = userMessageState(event.data);
      return withReadByAuthor(addVersion(state, version, event.data.previousMessageId), event.data);
    }
    case 'AgentMessageCreated': {
      const d = event.data;
      return addVersion(
        state,
        {
          kind: 'agent_message',
          ...newVersion(d),
          status: 'created',
          parentMessageId: d.parentMessageId,
          parentAgentMessageId: d.parentAgentMessageId,
          configuration: d.configuration,
          skipToolsValidation: d.skipToolsValidation,
          modelSelection: d.modelSelection,
          awaitsCancelledOutcome: false,
          feedback: new Map(),
        },
        d.previousMessageId ?? null,
      );
    }
    case 'AgentMessageStatusChanged': {
      const awaitsCancelledOutcome = isCancelWithoutItsRun(event);
      return updateMessage(state, event.data.messageId, (m) =>
        m.kind === 'agent_message' ? { ...m, status: event.data.status, awaitsCancelledOutcome } : m,
      );
    }
    case 'AgentMessageCancelledOutcomeRecorded':
      return updateMessage(state, event.data.messageId, (m) => (m.kind === 'agent_message' ? { ...m, awaitsCancelledOutcome: false } : m));
    case 'ContentFragmentAdded': {
      const d = event.data;
      return addVersion(
        state,
        {
          kind: 'content_fragment',
          ...newVersion(d),
          contentFragmentId: d.contentFragmentId,
          superseded: false,
        },
        null,
      );
    }
    case 'ContentFragmentSuperseded':
      return updateMessage(state, event.data.messageId, (m) =>
        m.kind === 'content_fragment' ? { ...m, superseded: true } : m,
      );
    case 'ContentFragmentExpired':
      return updateMessage(state, event.data.messageId, (m) => (m.kind === 'content_fragment' ? { ...m, expired: true } : m));
    case 'MessageDeleted':
      return updateMessage(state, event.data.messageId, (m) => ({ ...m, deleted: true }));
    case 'UserMentionDecided':
      return updateMessage(state, event.data.messageId, (m) =>
        m.kind === 'user_message' ? { ...m, pendingMentions: (m.pendingMentions ?? []).filter((id) => id !== event.data.userId) } : m,
      );
    case 'MentionDismissed': {
      const dismissed = mentionKey(event.data.mentionType, event.data.mentionId);
      return updateMessage(state, event.data.messageId, (m) =>
        m.kind === 'user_message' ? { ...m, restrictedMentions: (m.restrictedMentions ?? []).filter((key) => key !== dismissed) } : m,
      );
    }
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const on = event.type === 'ReactionAdded';
      return updateMessage(state, event.data.messageId, (m) => ({
        ...m,
        reactions: toggleReaction(m.reactions, event.data.emoji, event.data.user.userId, on),
      }));
    }
    case 'AgentMessageFeedbackGiven': {
      const { user, thumbDirection, content, isConversationShared } = event.data;
      return updateMessage(state, event.data.messageId, (m) =>
        m.kind === 'agent_message'
          ? { ...m, feedback: withEntry(m.feedback, user.userId, { thumbDirection, content, isConversationShared }) }
          : m,
      );
    }
    case 'AgentMessageFeedbackRemoved':
      return updateMessage(state, event.data.messageId, (m) => {
        if (m.kind !== 'agent_message') return m;
        return { ...m, feedback: withoutEntry(m.feedback, event.data.user.userId) };
      });
    case 'CompactionMessageCreated': {
      const d = event.data;
      const compaction = { kind: 'compaction_message', ...newVersion({ ...d, version: 0 }), status: 'created', coversUpToRank: d.coversUpToRank } as const;
      return { ...addVersion(state, compaction, null), compactingMessageId: d.messageId, compactingSince: d.at };
    }
    case 'CompactionMessageCompleted': {
      const message = state.messages.get(event.data.messageId);
      if (message?.kind !== 'compaction_message') return state;
      const { status } = event.data;
      const compactedUpToRank = status === 'succeeded' ? Math.max(state.compactedUpToRank, message.coversUpToRank) : state.compactedUpToRank;
      const compactingMessageId = state.compactingMessageId === message.sId ? null : state.compactingMessageId;
      return { ...updateMessage(state, message.sId, () => ({ ...message, status })), compactingMessageId, compactedUpToRank };
    }
    case 'ForkPrepared':
      return { ...state, forkPreparing: false };
    case 'ConversationForked':
    case 'ForkFileCopyCompleted':
    case 'ForkFileCopyFailed':
      return state;
    default:
      return assertNever(event);
  }
}

function userMessageState(d: UserMessageData): UserMessageState {
  return {
    kind: 'user_message',
    ...newVersion(d),
    user: d.user,
    context: d.context,
    agenticMessageData: d.agenticMessageData ?? null,
    pendingMentions: d.mentionDisplays.filter((m) => m.type === 'user' && isPendingMentionStatus(m.status)).map((m) => m.id),
    restrictedMentions: d.mentionDisplays.filter((m) => isRestrictedMentionStatus(m.status)).map((m) => mentionKey(m.type, m.id)),
  };
}

/** What every message version starts as, whatever its kind: the latest of its rank, no reactions. */
function newVersion(d: { readonly messageId: string; readonly rank: number; readonly version: number }): MessageStateBase {
  return { sId: d.messageId, rank: d.rank, version: d.version, isLatest: true, reactions: new Map() };
}

/** Adds a message version; it replaces `previousId` as the latest of its rank, or opens a new rank. */
function addVersion(
  state: ExistingConversationState,
  message: MessageState,
  previousId: string | null,
): ExistingConversationState {
  const previous = previousId === null ? undefined : state.messages.get(previousId);
  const added = state.messages.with(message.sId, message);
  const messages = previous ? added.with(previous.sId, { ...previous, isLatest: false }) : added;
  return { ...state, messages, nextRank: Math.max(state.nextRank, message.rank + 1) };
}

function updateMessage(
  state: ExistingConversationState,
  sId: string,
  update: (message: MessageState) => MessageState,
): ExistingConversationState {
  const message = state.messages.get(sId);
  if (!message) return state;
  return { ...state, messages: state.messages.with(sId, update(message)) };
}

function toggleReaction(reactions: ReactionsState, emoji: string, userId: string, on: boolean): ReactionsState {
  const users = (reactions.get(emoji) ?? []).filter((id) => id !== userId);
  const next = on ? [...users, userId] : users;
  return next.length > 0 ? withEntry(reactions, emoji, next) : withoutEntry(reactions, emoji);
}

/** Posting counts as reading: the author is not shown their own message as unread. */
function withReadByAuthor(state: ExistingConversationState, d: UserMessageData): ExistingConversationState {
  if (!d.user) return state;
  return { ...state, readAt: withEntry(state.readAt, d.user.sId, d.at) };
}

/** A copy of `map` with `key` set: states are never mutated, a cached one may be folded again. */
function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  return new Map(map).set(key, value);
}

function withoutEntry<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}
