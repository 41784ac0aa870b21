import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  FIXTURE_CONVERSATION_ID,
  FIXTURE_WORKSPACE_ID,
  T0,
  agentMessageCreated,
  conversationCreated,
  fixtureAgent,
  fixtureBase,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import type { NewContentFragment, PostUserMessage } from '../src/conversation/conversation.commands';

/** When the commands of the conversation specs are issued: one second after the fixture history. */
export const NOW = T0 + 1000;

/** Fields every conversation command carries, issued at `NOW`. */
export const commandBase = { conversationId: FIXTURE_CONVERSATION_ID, workspaceId: FIXTURE_WORKSPACE_ID, now: NOW };

/** Base of an event decided at `NOW`. */
export const eventBase = fixtureBase(NOW - T0);

/** Two agents, so that a spec can tell which one a message went to. */
export const agentA = fixtureAgent('agentAAAAA');
export const agentB = fixtureAgent('agentBBBBB');

/** A conversation with one user message (rank 0) answered by one agent message (rank 1), still running. */
export const answered: ConversationEvent[] = [
  conversationCreated(),
  userMessagePosted('usrmsg0001', 0, [agentA]),
  agentMessageCreated('agtmsg0001', 1, 'usrmsg0001', { configuration: agentA }),
];

/** The agent message `messageId` finished successfully. */
export function succeeded(messageId: string): ConversationEvent {
  return {
    type: 'AgentMessageStatusChanged',
    data: { ...fixtureBase(500), messageId, status: 'succeeded', content: 'done', completedTs: T0 + 500 },
  };
}

/** `answered`, its agent message finished: nothing runs. */
export const finishedConversation: ConversationEvent[] = [...answered, succeeded('agtmsg0001')];

/** A plain user message posted at `NOW`, mentioning nobody. */
export const postCommand: PostUserMessage = {
  type: 'PostUserMessage',
  ...commandBase,
  messageId: 'usrmsg0009',
  content: 'hello',
  mentions: [],
  context: { username: 'ada', timezone: 'UTC' },
  user: null,
  mentionedAgents: [],
  agentMessageIds: [],
};

/** A new inline `notes.txt` fragment with the context `contentFragmentAdded()` records. */
export function newInlineFragment(messageId: string, contentFragmentId: string, textContent: string): NewContentFragment {
  return {
    messageId,
    contentFragmentId,
    title: 'notes.txt',
    contentType: 'text/plain',
    sourceUrl: null,
    context: { username: 'user-usr0000001', fullName: null, email: null, profilePictureUrl: null },
    source: { kind: 'inline', textContent },
  };
}
