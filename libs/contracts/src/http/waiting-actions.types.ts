import type { BlockedAction } from './tool-approval.types';

/** A conversation that holds a call waiting for the caller, with its title for a link to it. */
export interface WaitingConversation {
  readonly sId: string;
  readonly title: string | null;
}

/**
 * `GET /api/w/{wId}/assistant/actions/blocked` (private family): the tool calls waiting for the
 * caller in every conversation of the workspace they can read, each as the conversation's own
 * listing gives it, and the conversations they are in.
 */
export interface WaitingActionsResponse {
  readonly blockedActions: readonly BlockedAction[];
  readonly conversations: readonly WaitingConversation[];
}
