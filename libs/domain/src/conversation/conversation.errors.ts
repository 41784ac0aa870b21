import { DomainError } from '../shared/domain-error';

/** Messages of the conversation aggregate's expected failures (wire types on DomainError). */
export const CONVERSATION_ERROR_MESSAGES = {
  conversationNotFound: "The conversation you're trying to access was not found.",
  conversationAlreadyExists: 'A conversation with this id already exists.',
  messageNotFound: 'The message you requested was not found.',
  depthExceeded: 'Recursive run_agent calls exceeded depth of 4',
  createdDeleted: 'A conversation cannot be created with visibility "deleted": create it, then delete it.',
  emptyContent: 'The message content must not be empty.',
  notAUserMessage: 'The message you are trying to edit is not a user message.',
  notAnAgentMessage: 'The message is not an agent message.',
  notLatestVersion: 'Only the latest version of a message can be edited or retried.',
  notTheAuthor: 'Only the author of the message can edit it.',
  notAUserMessageToDelete: 'Only user messages can be deleted.',
  notLatestVersionToDelete: 'Only the latest version of a message can be deleted.',
  deletionNotAuthorized: 'You are not authorized to delete this message.',
  editDeleted: 'The message was deleted: it can no longer be edited.',
  retryDeleted: 'The message was deleted: it can no longer be retried.',
  notAUserMessageMention: 'Invalid message type',
  agentStillRunning: 'The agent message is still running; cancel it before retrying.',
  notReactable: 'Only user and agent messages can receive reactions.',
  noFeedback: 'No feedback found for this message.',
  contentFragmentNotFound: 'The content fragment to supersede was not found in this conversation.',
  agentIdsMismatch: 'One pre-generated agent message id is required per mentioned agent.',
  agentNotFound: 'The agent configuration you mentioned was not found.',
  compacting: 'User messages cannot be posted while conversation is being compacted.',
  forkPreparing: 'User messages cannot be posted while the forked conversation is being prepared.',
  alreadyCompacting: 'The conversation is already being compacted.',
  nothingToCompact: 'There is nothing to compact in this conversation.',
  notACompactionMessage: 'The message is not a running compaction message.',
} as const;

/** Maximum depth of agent-to-agent conversation chains. */
export const MAX_CONVERSATION_DEPTH = 4;

/** 404 conversation_not_found (missing, deleted or in another workspace). */
export function conversationNotFound(): DomainError {
  return new DomainError('conversation_not_found', CONVERSATION_ERROR_MESSAGES.conversationNotFound);
}

/** 404 message_not_found. */
export function messageNotFound(): DomainError {
  return new DomainError('message_not_found', CONVERSATION_ERROR_MESSAGES.messageNotFound);
}

/** 403 message_deletion_not_authorized: neither the message's author nor an admin. */
export function messageDeletionNotAuthorized(): DomainError {
  return new DomainError('message_deletion_not_authorized', CONVERSATION_ERROR_MESSAGES.deletionNotAuthorized);
}

/** 400 invalid_request_error with one of the messages above. */
export function invalidRequest(key: keyof typeof CONVERSATION_ERROR_MESSAGES): DomainError {
  return new DomainError('invalid_request_error', CONVERSATION_ERROR_MESSAGES[key]);
}

/** 404 agent_configuration_not_found: a mention the api did not resolve to a configuration. */
export function agentConfigurationNotFound(): DomainError {
  return new DomainError('agent_configuration_not_found', CONVERSATION_ERROR_MESSAGES.agentNotFound);
}

/** 409 invalid_request_error: the conversation refuses new messages for a while (compaction, fork preparation). */
export function conflict(key: 'compacting' | 'forkPreparing' | 'alreadyCompacting'): DomainError {
  return new DomainError('invalid_request_error', CONVERSATION_ERROR_MESSAGES[key], 409);
}
