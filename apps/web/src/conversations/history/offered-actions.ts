import type { AgentMessage, ConversationMessage, UserMessage } from '@app/contracts/http/conversation.types';

/** What choosing the actions reads of a message. */
export type ActionSubject =
  | Pick<AgentMessage, 'type' | 'status'>
  | (Pick<UserMessage, 'type'> & { readonly user: Pick<NonNullable<UserMessage['user']>, 'sId'> | null })
  | Pick<Exclude<ConversationMessage, AgentMessage | UserMessage>, 'type'>;

/** What a shown version of a message lets the person do to the conversation's history. */
export interface OfferedActions {
  readonly retry: boolean;
  readonly edit: boolean;
  readonly fork: boolean;
}

/** Where the version is shown: is it its rank's newest, is the page a past view, who reads it. */
export interface ShownAs {
  readonly latest: boolean;
  readonly pastView: boolean;
  readonly userSId: string;
}

const NONE: OfferedActions = { retry: false, edit: false, fork: false };

/**
 * The actions a version offers, as the api accepts them: only on the newest version of a rank (the
 * api refuses an older one, and a fork copies the newest anyway); retry a finished answer; edit
 * one's own message; fork from any message but a summary (a fork leaves summaries out) or an
 * answer still being written. Nothing in a past view, which is read-only. Pure.
 */
export function offeredActions(message: ActionSubject, { latest, pastView, userSId }: ShownAs): OfferedActions {
  if (pastView || !latest) return NONE;
  switch (message.type) {
    case 'agent_message': {
      const finished = message.status !== 'created';
      return { retry: finished, edit: false, fork: finished };
    }
    case 'user_message':
      return { retry: false, edit: message.user !== null && message.user.sId === userSId, fork: true };
    case 'content_fragment':
      return { retry: false, edit: false, fork: true };
    case 'compaction_message':
      return NONE;
  }
}
