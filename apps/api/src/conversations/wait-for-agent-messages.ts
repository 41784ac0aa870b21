import type { AuthContext } from '../auth/auth-context';
import type { ConversationReader, LoadedMessages } from './conversation-reader';

const BLOCKING_TIMEOUT_MS = 10 * 60 * 1000;
const POLL_INTERVAL_MS = 100;

/**
 * For `blocking: true`: waits until every listed agent message has left `created`, bounded so a
 * request never hangs forever (the answer then shows them as they are). Polls only the messages
 * waited for, not the whole conversation.
 */
export async function waitForAgentMessages(
  reader: ConversationReader,
  auth: AuthContext,
  conversationId: string,
  messageIds: readonly string[],
  timeoutMs = BLOCKING_TIMEOUT_MS,
): Promise<LoadedMessages> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await reader.loadMessages(auth, conversationId, messageIds);
    const pending = messageIds.some((id) => {
      const message = messages.get(id);
      return message?.type === 'agent_message' && message.status === 'created';
    });
    if (!pending || Date.now() >= deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
