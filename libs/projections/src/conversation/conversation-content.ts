import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';

/** Content of a conversation document: `content[rank]` = versions of that message, oldest first. */
export type ConversationContent = ConversationDocument['content'];

/** One message version of the content, as the document keeps it. */
export type ConversationMessage = ConversationContent[number][number];

/**
 * Adds a message version at its rank (ranks are dense; a gap, which a healthy log never has, is
 * filled with empty slots that the renderer skips). A version already present (same sId) is kept.
 */
export function addMessageVersion(content: ConversationContent, message: ConversationMessage): ConversationContent {
  const slots = [...content];
  while (slots.length <= message.rank) slots.push([]);
  const versions = slots[message.rank] ?? [];
  if (versions.some((m) => m.sId === message.sId)) return content;
  slots[message.rank] = [...versions, message];
  return slots;
}

/** Replaces the message version with this sId; unknown sIds leave the content unchanged. */
export function updateMessageVersion(
  content: ConversationContent,
  sId: string,
  update: (message: ConversationMessage) => ConversationMessage,
): ConversationContent {
  let changed = false;
  const next = content.map((versions) =>
    versions.some((m) => m.sId === sId)
      ? versions.map((m) => {
          if (m.sId !== sId) return m;
          changed = true;
          return update(m);
        })
      : versions,
  );
  return changed ? next : content;
}

/** Finds the message version with this sId. */
export function findMessageVersion(content: ConversationContent, sId: string): ConversationMessage | undefined {
  for (const versions of content) {
    const found = versions.find((m) => m.sId === sId);
    if (found) return found;
  }
  return undefined;
}

/** Whether the latest version of some agent message failed. */
export function latestAgentMessageFailed(content: ConversationContent): boolean {
  return content.some((versions) => {
    const latest = versions[versions.length - 1];
    return latest !== undefined && latest.type === 'agent_message' && latest.status === 'failed';
  });
}
