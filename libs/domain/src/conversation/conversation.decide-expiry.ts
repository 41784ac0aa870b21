import type { ContentFragmentExpired } from '@app/contracts/events/conversation/conversation.events';
import type { ExpireContentFragments } from './conversation.commands';
import { eventBase } from './conversation.decide-messages';
import type { ExistingConversationState } from './conversation.state';

/**
 * One `ContentFragmentExpired` per named content fragment that is not expired yet. Unknown ids and
 * other kinds of message are skipped: the caller found them in a read model that may lag, and a
 * repeat (a process manager replaying the log) must change nothing.
 */
export function decideExpireContentFragments(state: ExistingConversationState, command: ExpireContentFragments): ContentFragmentExpired[] {
  const base = eventBase(state, command.now);
  const events: ContentFragmentExpired[] = [];
  for (const messageId of new Set(command.messageIds)) {
    const message = state.messages.get(messageId);
    if (message?.kind !== 'content_fragment' || message.expired === true) continue;
    events.push({
      type: 'ContentFragmentExpired',
      data: { ...base, messageId, contentFragmentId: message.contentFragmentId, reason: command.reason, dataSourceId: command.dataSourceId },
    });
  }
  return events;
}
