import type { ConversationMessage } from '@app/contracts/http/conversation.types';

/** What placing a message reads of it. */
type Placeable = Pick<ConversationMessage, 'sId' | 'rank'>;

/** The versions of each rank shown, in rank order: `Conversation.content` as the page holds it. */
export type Groups<M extends Placeable = ConversationMessage> = readonly (readonly M[])[];

/**
 * The groups with `message` where the api put it: in place of the message with its sId (an answer
 * that ended, a summary written), else as the newest version of its rank (a retry, an edit), else
 * as a rank of its own, in rank order (the answers to an edit, a compaction). Pure.
 */
export function placed<M extends Placeable>(groups: Groups<M>, message: M): Groups<M> {
  if (groups.some((group) => group.some((version) => version.sId === message.sId))) {
    return groups.map((group) => (group.some((version) => version.sId === message.sId) ? group.map((version) => (version.sId === message.sId ? message : version)) : group));
  }
  const at = groups.findIndex((group) => group[0]!.rank === message.rank);
  if (at >= 0) return groups.map((group, index) => (index === at ? [...group, message] : group));
  const after = groups.findIndex((group) => group[0]!.rank > message.rank);
  const index = after < 0 ? groups.length : after;
  return [...groups.slice(0, index), [message], ...groups.slice(index)];
}
