import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { toPublicEvent, type PublicEvent } from './public-events';

/**
 * Decides which events of the log a subscription receives: a kind it names, of its workspace, and
 * of its spaces and agents when it is limited to some. What an internal event does not carry is
 * looked up: the workspace in the first event of its stream, the space of a conversation in the
 * conversations read model.
 */
@Injectable()
export class SubscriptionMatcher {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly readModels: ReadModels,
  ) {}

  /** The public event the subscription receives for `event`, or null. */
  async match(subscription: SubscriptionDocument, event: RecordedEvent): Promise<PublicEvent | null> {
    const published = toPublicEvent(event);
    if (!published || !subscription.events.includes(published.kind)) return null;
    const workspaceId = published.workspaceId ?? (await this.workspaceOfStream(event.streamName));
    if (workspaceId !== subscription.workspaceId) return null;
    const { spaceIds, agentIds } = subscription.filters;
    if (agentIds.length > 0 && (published.agentId === null || !agentIds.includes(published.agentId))) return null;
    if (spaceIds.length > 0) {
      const spaceId = published.spaceId ?? (await this.spaceOfConversation(published.conversationId));
      if (spaceId === null || !spaceIds.includes(spaceId)) return null;
    }
    return published;
  }

  private async workspaceOfStream(streamName: string): Promise<string | null> {
    const [first] = await this.eventStore.readStream(streamName, { maxCount: 1 });
    const workspaceId = (first?.data as { workspaceId?: unknown } | undefined)?.workspaceId;
    return typeof workspaceId === 'string' ? workspaceId : null;
  }

  private async spaceOfConversation(conversationId: string | null): Promise<string | null> {
    if (conversationId === null) return null;
    return (await this.readModels.get<ConversationDocument>('conversations', conversationId))?.spaceId ?? null;
  }
}
