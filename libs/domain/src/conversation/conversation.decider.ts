// The conversation aggregate, read from here:
//   conversation.commands.ts      what can be asked (plain objects carrying `now` and new ids)
//   conversation.decider.ts       decide (this file; the cases by theme in conversation.decide-*.ts:
//                                 messages, compaction, forking, expiry) and the Aggregate object
//   conversation.state.ts         what decide needs to know; conversation.evolve.ts folds events into it
//   conversation.errors.ts        the refusals, with the wire's messages
//   conversation.stream.ts        the stream name, `conversation-<sId>`
//   its events: libs/contracts/src/events/conversation/ (projections read them without this library)
import { decideMentionDismissal, decideUserMention } from './conversation.decide-mentions';
import { toConversationStreamName } from './conversation.stream';
import type { ConversationCreated, ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import type {
  AddReaction,
  ConversationCommand,
  CreateConversation,
  GiveFeedback,
  RemoveFeedback,
  RemoveReaction,
} from './conversation.commands';
import {
  decideAddContentFragment,
  decideCancelAgentMessages,
  decideCompleteAgentMessage,
  decideEditUserMessage,
  decidePostUserMessage,
  decideRetryAgentMessage,
  eventBase,
  requireAgentMessage,
  requireMessage,
} from './conversation.decide-messages';
import { assertOpenForPosting, decideCompleteCompaction, decideStartCompaction } from './conversation.decide-compaction';
import { decideCompleteForkPreparation, decideRecordFork, decideRecordForkFileCopy, forkCopies } from './conversation.decide-forking';
import { decideExpireContentFragments } from './conversation.decide-expiry';
import { decideDeleteUserMessage } from './conversation.decide-deletion';
import { MAX_CONVERSATION_DEPTH, conversationNotFound, invalidRequest } from './conversation.errors';
import { evolveConversation } from './conversation.evolve';
import {
  hasRead,
  initialConversationState,
  type ConversationState,
  type ExistingConversationState,
} from './conversation.state';

/**
 * Decides the events a command produces. Throws DomainError (wire types) on expected failures and
 * returns [] when the command changes nothing (repeats are idempotent).
 */
export function decideConversation(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  if (command.type === 'CreateConversation') return decideCreate(command, state);
  if (state.status === 'initial' || state.workspaceId !== command.workspaceId) throw conversationNotFound();
  if (state.status === 'deleted') {
    if (command.type === 'DeleteConversation') return [];
    throw conversationNotFound();
  }
  const base = eventBase(state, command.now);
  switch (command.type) {
    case 'PostUserMessage':
      assertOpenForPosting(state, command.now);
      return decidePostUserMessage(state, command, command.now);
    case 'EditUserMessage':
      assertOpenForPosting(state, command.now);
      return decideEditUserMessage(state, command);
    case 'DeleteUserMessage':
      return decideDeleteUserMessage(state, command);
    case 'DecideUserMention':
      return decideUserMention(state, command);
    case 'DismissMention':
      return decideMentionDismissal(state, command);
    case 'MoveToProject':
      return state.spaceId === command.spaceId ? [] : [{ type: 'ConversationMovedToProject', data: { ...base, spaceId: command.spaceId } }];
    case 'RetryAgentMessage':
      return decideRetryAgentMessage(state, command);
    case 'CancelAgentMessages':
      return decideCancelAgentMessages(state, command);
    case 'CompleteAgentMessage':
      return decideCompleteAgentMessage(state, command);
    case 'AddContentFragment':
      return decideAddContentFragment(state, command, command.now);
    case 'ChangeTitle':
      return state.title === command.title
        ? []
        : [{ type: 'ConversationTitleChanged', data: { ...base, title: command.title } }];
    case 'ChangeVisibility':
      if (command.visibility === 'deleted') {
        return [{ type: 'ConversationDeleted', data: { ...base, deletedBy: null } }];
      }
      return state.visibility === command.visibility
        ? []
        : [{ type: 'ConversationVisibilityChanged', data: { ...base, visibility: command.visibility } }];
    case 'ChangeMetadata':
      return JSON.stringify(state.metadata) === JSON.stringify(command.metadata)
        ? []
        : [{ type: 'ConversationMetadataChanged', data: { ...base, metadata: command.metadata } }];
    case 'DeleteConversation':
      return [{ type: 'ConversationDeleted', data: { ...base, deletedBy: command.deletedBy } }];
    case 'MarkRead':
      return hasRead(state, command.userId)
        ? []
        : [{ type: 'ConversationReadStateChanged', data: { ...base, userId: command.userId, read: true } }];
    case 'MarkUnread':
      return (state.readAt.get(command.userId) ?? null) === null
        ? []
        : [{ type: 'ConversationReadStateChanged', data: { ...base, userId: command.userId, read: false } }];
    case 'AddReaction':
    case 'RemoveReaction':
      return decideReaction(state, command);
    case 'GiveFeedback':
      return decideGiveFeedback(state, command);
    case 'RemoveFeedback':
      return decideRemoveFeedback(state, command);
    case 'StartCompaction':
      return decideStartCompaction(state, command);
    case 'CompleteCompaction':
      return decideCompleteCompaction(state, command);
    case 'RecordFork':
      return decideRecordFork(state, command);
    case 'RecordForkFileCopy':
      return decideRecordForkFileCopy(state, command);
    case 'CompleteForkPreparation':
      return decideCompleteForkPreparation(state, command);
    case 'ExpireContentFragments':
      return decideExpireContentFragments(state, command);
    default:
      return assertNever(command);
  }
}

/** Creates the conversation, then attaches its initial fragments and message in the same batch. */
function decideCreate(command: CreateConversation, state: ConversationState): ConversationEvent[] {
  if (state.status !== 'initial') throw invalidRequest('conversationAlreadyExists');
  if (command.depth >= MAX_CONVERSATION_DEPTH) throw invalidRequest('depthExceeded');
  // A deleted conversation answers 404 everywhere; one created deleted answered 200 to GET, and its
  // message would have started agents on a conversation nobody can read.
  if (command.visibility === 'deleted') throw invalidRequest('createdDeleted');
  const created: ConversationCreated = {
    type: 'ConversationCreated',
    data: {
      conversationId: command.conversationId,
      workspaceId: command.workspaceId,
      at: command.now,
      title: command.title,
      visibility: command.visibility,
      depth: command.depth,
      spaceId: command.spaceId,
      metadata: command.metadata,
      triggerId: command.triggerId,
      requestedSpaceIds: command.requestedSpaceIds,
      createdBy: command.createdBy,
      ...(command.forkedFrom ? { forkedFrom: command.forkedFrom } : {}),
    },
  };
  const events: ConversationEvent[] = [created];
  let current = existing(evolveConversation(state, created));
  const append = (more: ConversationEvent[]): void => {
    events.push(...more);
    current = existing(more.reduce(evolveConversation, current));
  };
  if (command.copiedMessages?.length) append(forkCopies(current, command.copiedMessages, command.now));
  for (const fragment of command.contentFragments ?? []) {
    append(decideAddContentFragment(current, fragment, command.now));
  }
  if (command.message) append(decidePostUserMessage(current, command.message, command.now));
  return events;
}

function existing(state: ConversationState): ExistingConversationState {
  if (state.status === 'initial') throw conversationNotFound();
  return state;
}

function decideReaction(state: ExistingConversationState, command: AddReaction | RemoveReaction): ConversationEvent[] {
  const message = requireMessage(state, command.messageId);
  if (message.kind === 'content_fragment' || message.kind === 'compaction_message') throw invalidRequest('notReactable');
  const present = (message.reactions.get(command.emoji) ?? []).includes(command.user.userId);
  const data = { ...eventBase(state, command.now), messageId: message.sId, emoji: command.emoji, user: command.user };
  if (command.type === 'AddReaction') return present ? [] : [{ type: 'ReactionAdded', data }];
  return present ? [{ type: 'ReactionRemoved', data }] : [];
}

function decideGiveFeedback(state: ExistingConversationState, command: GiveFeedback): ConversationEvent[] {
  const message = requireAgentMessage(state, command.messageId);
  const { thumbDirection, content, isConversationShared } = command;
  const current = message.feedback.get(command.user.userId);
  if (
    current &&
    current.thumbDirection === thumbDirection &&
    current.content === content &&
    current.isConversationShared === isConversationShared
  ) {
    return [];
  }
  return [
    {
      type: 'AgentMessageFeedbackGiven',
      data: {
        ...eventBase(state, command.now),
        messageId: message.sId,
        user: command.user,
        thumbDirection,
        content,
        isConversationShared,
      },
    },
  ];
}

/** Removing feedback that does not exist is a 400, as on the wire. */
function decideRemoveFeedback(state: ExistingConversationState, command: RemoveFeedback): ConversationEvent[] {
  const message = requireAgentMessage(state, command.messageId);
  if (!message.feedback.has(command.user.userId)) throw invalidRequest('noFeedback');
  return [
    {
      type: 'AgentMessageFeedbackRemoved',
      data: { ...eventBase(state, command.now), messageId: message.sId, user: command.user },
    },
  ];
}

/** The conversation aggregate as a decider. */
export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  decide: decideConversation,
  evolve: evolveConversation,
  initialState: initialConversationState,
};

/** The conversation, by conversation sId. */
export const conversationAggregate: Aggregate<ConversationCommand, ConversationEvent, ConversationState> = { decider: conversationDecider, streamName: toConversationStreamName };
