import type {
  AgentMessageCreated,
  AgentMessageStatusChanged,
  ContentFragmentAdded,
  ContentFragmentSuperseded,
  ConversationEvent,
  UserMessageData,
  UserMessageEdited,
  UserMessagePosted,
} from '@app/contracts/events/conversation/conversation.events';
import type { ConversationEventBase } from '@app/contracts/events/conversation/conversation-event-values';
import { DomainError } from '../shared/domain-error';
import type {
  CancelAgentMessages,
  CompleteAgentMessage,
  EditUserMessage,
  NewContentFragment,
  NewUserMessage,
  RetryAgentMessage,
} from './conversation.commands';
import { CONVERSATION_ERROR_MESSAGES, invalidRequest, messageNotFound } from './conversation.errors';
import { mentionDisplays } from './conversation.mentions';
import { agentRunsOnMention } from './mention-status.policy';
import type { AgentMessageState, ExistingConversationState, MessageState } from './conversation.state';

/** Base data of an event of this conversation at time `at`. */
export function eventBase(state: ExistingConversationState, at: number): ConversationEventBase {
  return { conversationId: state.conversationId, workspaceId: state.workspaceId, at };
}

/** The message with this sId, or 404 message_not_found. */
export function requireMessage(state: ExistingConversationState, sId: string): MessageState {
  const message = state.messages.get(sId);
  if (!message) throw messageNotFound();
  return message;
}

/** A new user message at the next rank, then one agent message per resolved agent mention. */
export function decidePostUserMessage(
  state: ExistingConversationState,
  input: NewUserMessage,
  at: number,
): ConversationEvent[] {
  const posted: UserMessagePosted = {
    type: 'UserMessagePosted',
    data: {
      ...eventBase(state, at),
      messageId: input.messageId,
      rank: state.nextRank,
      version: 0,
      ...messageText(input),
      context: input.context,
      user: input.user,
      agenticMessageData: input.agenticMessageData ?? null,
      modelSelection: input.modelSelection ?? null,
    },
  };
  return [posted, ...agentMessagesFor(state, posted.data, input, state.nextRank + 1)];
}

/** A new version of the latest user message in its rank, and new agent messages at the end. */
export function decideEditUserMessage(state: ExistingConversationState, command: EditUserMessage): ConversationEvent[] {
  const message = requireMessage(state, command.messageId);
  if (message.kind !== 'user_message') throw invalidRequest('notAUserMessage');
  if (message.deleted) throw invalidRequest('editDeleted');
  if (!message.isLatest) throw invalidRequest('notLatestVersion');
  if (message.user !== null && message.user.sId !== command.editedBy) throw invalidRequest('notTheAuthor');
  const edited: UserMessageEdited = {
    type: 'UserMessageEdited',
    data: {
      ...eventBase(state, command.now),
      messageId: command.newMessageId,
      previousMessageId: message.sId,
      rank: message.rank,
      version: message.version + 1,
      ...messageText(command),
      context: message.context,
      user: message.user,
      agenticMessageData: message.agenticMessageData,
      modelSelection: null,
    },
  };
  return [edited, ...agentMessagesFor(state, edited.data, command, state.nextRank)];
}

/** A new version of a finished agent message, same rank and parent, waiting to run. */
export function decideRetryAgentMessage(
  state: ExistingConversationState,
  command: RetryAgentMessage,
): ConversationEvent[] {
  const message = requireAgentMessage(state, command.messageId);
  if (message.deleted) throw invalidRequest('retryDeleted');
  if (!message.isLatest) throw invalidRequest('notLatestVersion');
  if (message.status === 'created') throw invalidRequest('agentStillRunning');
  const retried: AgentMessageCreated = {
    type: 'AgentMessageCreated',
    data: {
      ...eventBase(state, command.now),
      messageId: command.newMessageId,
      rank: message.rank,
      version: message.version + 1,
      parentMessageId: message.parentMessageId,
      parentAgentMessageId: message.parentAgentMessageId,
      configuration: command.configuration ?? message.configuration,
      skipToolsValidation: message.skipToolsValidation,
      modelSelection: message.modelSelection,
      previousMessageId: message.sId,
    },
  };
  return [retried];
}

/** Cancels the listed agent messages that are still running; unknown or final ones are skipped. */
export function decideCancelAgentMessages(
  state: ExistingConversationState,
  command: CancelAgentMessages,
): ConversationEvent[] {
  const ids = [...new Set(command.messageIds)];
  return ids.flatMap((id): AgentMessageStatusChanged[] => {
    const message = state.messages.get(id);
    if (!message || message.kind !== 'agent_message' || message.status !== 'created') return [];
    return [
      {
        type: 'AgentMessageStatusChanged',
        data: {
          ...eventBase(state, command.now),
          messageId: id,
          configurationId: message.configuration.sId,
          status: 'cancelled',
          completedTs: command.now,
        },
      },
    ];
  });
}

/**
 * Records the outcome of a run; a message already final is left as is (a repeat is a no-op), but
 * for the run of a message cancelled while it ran: what it had produced is kept on the message.
 */
export function decideCompleteAgentMessage(
  state: ExistingConversationState,
  command: CompleteAgentMessage,
): ConversationEvent[] {
  const message = requireAgentMessage(state, command.messageId);
  const { type: _type, conversationId: _c, workspaceId: _w, now, messageId, status, ...outcome } = command;
  const defined = Object.fromEntries(Object.entries(outcome).filter(([, value]) => value !== undefined));
  if (message.status !== 'created') {
    if (!message.awaitsCancelledOutcome) return [];
    // The message stays cancelled: neither the run's status nor its error (a model's failure as the cancel landed) applies.
    const { error: _error, completedTs: _completedTs, ...kept } = defined;
    return [
      {
        type: 'AgentMessageCancelledOutcomeRecorded',
        data: { ...kept, toolCalls: command.toolCalls ?? [], ...eventBase(state, now), messageId, configurationId: message.configuration.sId },
      },
    ];
  }
  return [
    {
      type: 'AgentMessageStatusChanged',
      data: {
        ...defined,
        ...eventBase(state, now),
        messageId,
        configurationId: message.configuration.sId,
        status,
        completedTs: command.completedTs ?? now,
      },
    },
  ];
}

/** A content fragment at the next rank; superseding marks the older versions of the same fragment. */
export function decideAddContentFragment(
  state: ExistingConversationState,
  input: NewContentFragment,
  at: number,
): ConversationEvent[] {
  const supersededId = input.supersededContentFragmentId ?? null;
  const previous = [...state.messages.values()].filter(
    (m) => m.kind === 'content_fragment' && supersededId !== null && m.contentFragmentId === supersededId,
  );
  if (supersededId !== null && previous.length === 0) throw invalidRequest('contentFragmentNotFound');
  const { source } = input;
  const added: ContentFragmentAdded = {
    type: 'ContentFragmentAdded',
    data: {
      ...eventBase(state, at),
      messageId: input.messageId,
      rank: state.nextRank,
      contentFragmentId: supersededId ?? input.contentFragmentId,
      version: 0,
      title: input.title,
      contentType: input.contentType,
      sourceUrl: input.sourceUrl,
      context: input.context,
      contentFragmentType: source.kind === 'content_node' ? 'content_node' : 'file',
      fileId: source.kind === 'content_node' ? null : (source.fileId ?? null),
      nodeId: source.kind === 'content_node' ? source.nodeId : null,
      nodeDataSourceViewId: source.kind === 'content_node' ? source.nodeDataSourceViewId : null,
      nodeType: source.kind === 'content_node' ? source.nodeType : null,
      nodeProvider: source.kind === 'content_node' ? (source.provider ?? null) : null,
      nodeSpaceName: source.kind === 'content_node' ? (source.spaceName ?? null) : null,
      textBytes: input.textBytes ?? (source.kind === 'inline' ? utf8Length(source.textContent) : null),
      snippet: input.snippet ?? null,
      path: source.kind === 'file' ? (source.path ?? null) : null,
      processedPath: source.kind === 'file' ? (source.processedPath ?? null) : null,
      skipFileProcessing: source.kind === 'file' ? (source.skipFileProcessing ?? false) : false,
      sourceProvider: source.kind === 'file' ? (source.sourceProvider ?? null) : null,
      sourceIcon: source.kind === 'file' ? (source.sourceIcon ?? null) : null,
      textContent: source.kind === 'inline' ? source.textContent : null,
    },
  };
  const superseded = previous
    .filter((m) => m.kind === 'content_fragment' && !m.superseded)
    .map(
      (m): ContentFragmentSuperseded => ({
        type: 'ContentFragmentSuperseded',
        data: {
          ...eventBase(state, at),
          messageId: m.sId,
          contentFragmentId: added.data.contentFragmentId,
          supersededByMessageId: input.messageId,
        },
      }),
    );
  return [added, ...superseded];
}

/** The agent message with this sId, 404 if missing, 400 if it is another kind. */
export function requireAgentMessage(state: ExistingConversationState, sId: string): AgentMessageState {
  const message = requireMessage(state, sId);
  if (message.kind !== 'agent_message') throw invalidRequest('notAnAgentMessage');
  return message;
}

/** What posting and editing a user message both ask for: the text and who it mentions. */
type MessageTextRequest = Pick<NewUserMessage, 'content' | 'mentions' | 'mentionedAgents' | 'mentionedUsers' | 'mentionStatuses'>;

/** The text of a new user message version and how its mentions are shown; 400 when it is empty. */
function messageText(request: MessageTextRequest): Pick<UserMessageData, 'content' | 'mentions' | 'mentionDisplays'> {
  if (request.content.length === 0) throw invalidRequest('emptyContent');
  const displays = mentionDisplays(request.mentions, request.mentionedAgents, request.mentionedUsers ?? [], request.mentionStatuses);
  return { content: request.content, mentions: request.mentions, mentionDisplays: displays };
}

/** The agents a posted or edited user message starts, with their pre-generated message sIds. */
type AgentRunRequest = Pick<NewUserMessage, 'mentionedAgents' | 'agentMessageIds' | 'skipToolsValidation' | 'mentionStatuses'>;

/** One agent message per mentioned agent, answering `question`, ranked from `firstRank` on. */
function agentMessagesFor(
  state: ExistingConversationState,
  question: UserMessageData,
  request: AgentRunRequest,
  firstRank: number,
): AgentMessageCreated[] {
  const statuses = request.mentionStatuses ?? {};
  const runnable = request.mentionedAgents.filter((agent) => agentRunsOnMention(Object.hasOwn(statuses, agent.sId) ? statuses[agent.sId] : undefined));
  if (request.agentMessageIds.length !== runnable.length) {
    throw new DomainError('internal_server_error', CONVERSATION_ERROR_MESSAGES.agentIdsMismatch);
  }
  const handover = question.agenticMessageData?.type === 'agent_handover' ? question.agenticMessageData : null;
  return runnable.map((configuration, i) => ({
    type: 'AgentMessageCreated',
    data: {
      ...eventBase(state, question.at),
      messageId: request.agentMessageIds[i],
      rank: firstRank + i,
      version: 0,
      parentMessageId: question.messageId,
      parentAgentMessageId: handover ? handover.originMessageId : null,
      configuration,
      skipToolsValidation: request.skipToolsValidation ?? false,
      modelSelection: question.modelSelection ?? null,
      previousMessageId: null,
    },
  }));
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
