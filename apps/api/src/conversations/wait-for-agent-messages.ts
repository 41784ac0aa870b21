import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { findMessage } from '@app/contracts/render/conversation.render';
import type { AuthContext } from '../auth/auth-context';
import type { ConversationReader } from './conversation-reader';

const BLOCKING_TIMEOUT_MS = 10 * 60 * 1000;
const POLL_INTERVAL_MS = 100;

/**
 * For `blocking: true`: waits until every listed agent message has left `created`, bounded so a
 * request never hangs forever (the answer then shows them as they are).
 */
export async function waitForAgentMessages(
  reader: ConversationReader,
  auth: AuthContext,
  conversationId: string,
  messageIds: readonly string[],
  timeoutMs = BLOCKING_TIMEOUT_MS,
): Promise<ConversationDocument> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await reader.load(auth, conversationId);
    const pending = messageIds.some((id) => {
      const message = findMessage(doc, id);
      return message?.type === 'agent_message' && message.status === 'created';
    });
    if (!pending || Date.now() >= deadline) return doc;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
