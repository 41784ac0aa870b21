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
  return placedNew(groups, message);
}

/**
 * The groups with `message` placed as `placed` does, unless they hold it already: what the page
 * holds may be newer (an answer the page saw end), and a message heard twice (from the stream and
 * from the answer to its post) is shown once. Pure.
 */
export function withNewMessage<M extends Placeable>(groups: Groups<M>, message: M): Groups<M> {
  return groups.some((group) => group.some((version) => version.sId === message.sId)) ? groups : placedNew(groups, message);
}

/** `message`, which the groups do not hold, as the newest version of its rank or as a rank of its own. */
function placedNew<M extends Placeable>(groups: Groups<M>, message: M): Groups<M> {
  const at = groups.findIndex((group) => group[0]!.rank === message.rank);
  if (at >= 0) return groups.map((group, index) => (index === at ? [...group, message] : group));
  const after = groups.findIndex((group) => group[0]!.rank > message.rank);
  const index = after < 0 ? groups.length : after;
  return [...groups.slice(0, index), [message], ...groups.slice(index)];
}
