import type { DataSourceDeleted } from '@app/contracts/events/data-source/data-source.events';
import { isDataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import type { ConversationMessageDocument } from '@app/contracts/read-models/conversation.read-models';
import { upcast } from '@app/contracts/events/upcast';
import { DomainError } from '@app/domain/shared/domain-error';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConversationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { LogFollowerLoop } from '../../event-sourcing/following/log-follower-loop';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** Checkpoint name of the content fragment expiry in the read store. */
export const CONTENT_FRAGMENT_EXPIRY_CHECKPOINT = 'content_fragment_expiry';

const ACTOR = 'system:content-fragment-expiry';

/**
 * The process manager that expires content fragments with their data source: it follows the
 * global log from its checkpoint and, on `DataSourceDeleted`, finds the content-node fragments
 * that point into one of the data source's views (in the conversation messages read model, once
 * it has seen the deletion) and records `ContentFragmentExpired` on each conversation. The
 * checkpoint moves past a deletion only once its conversations are done, so a restart redoes what
 * was not; redoing is harmless (the decider skips fragments already expired).
 */
@Injectable()
export class ContentFragmentExpirer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: LogFollowerLoop;
  private applied = -1;
  private saved = -1;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly readModels: ReadModels,
    private readonly conversations: ConversationAggregateWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const steps = { begin: () => this.begin(), apply: (event: RecordedEvent) => this.apply(event), afterPage: () => this.saveCheckpoint() };
    this.loop = new LogFollowerLoop(eventStore, steps, logger, 'content fragment expiry');
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    // Where to begin is the stored checkpoint's business, not what an earlier run remembered.
    this.applied = -1;
    this.saved = -1;
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.saveCheckpoint();
  }

  /** Resolves once every event up to `position` has been handled. */
  async waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.applied < position) {
      if (Date.now() > deadline) throw new Error(`content fragment expiry did not reach position ${position}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async begin(): Promise<number> {
    const start = (await this.readStore.getCheckpoint(CONTENT_FRAGMENT_EXPIRY_CHECKPOINT)) ?? 0;
    this.applied = Math.max(this.applied, start);
    this.saved = Math.max(this.saved, start);
    return start;
  }

  private async apply(recorded: RecordedEvent): Promise<void> {
    const event = upcast(recorded);
    if (isDataSourceEvent(event) && event.type === 'DataSourceDeleted') {
      await this.expireFragmentsOf(event.data, recorded.position);
      this.applied = recorded.position;
      await this.saveCheckpoint();
      return;
    }
    this.applied = recorded.position;
  }

  private async expireFragmentsOf(deleted: DataSourceDeleted['data'], position: number): Promise<void> {
    if (deleted.dataSourceViewIds.length === 0) return;
    await this.readModels.waitFor(position);
    const fragments = await this.readModels.find<ConversationMessageDocument>('conversationMessages', {
      where: { 'message.nodeDataSourceViewId': { in: deleted.dataSourceViewIds } },
    });
    const byConversation = new Map<string, string[]>();
    for (const doc of fragments) byConversation.set(doc.conversationId, [...(byConversation.get(doc.conversationId) ?? []), doc.message.sId]);
    for (const [conversationId, messageIds] of byConversation) {
      const command = {
        type: 'ExpireContentFragments' as const,
        conversationId,
        workspaceId: deleted.workspaceId,
        messageIds,
        reason: 'data_source_deleted' as const,
        dataSourceId: deleted.dataSourceId,
      };
      try {
        await this.conversations.run(conversationId, command, ACTOR);
      } catch (error) {
        // A conversation deleted since keeps nothing to expire; anything else is retried from the checkpoint.
        if (!(error instanceof DomainError)) throw error;
        this.logger.info({ conversationId, reason: error.message }, 'content fragments not expired: the conversation refused');
      }
    }
    this.logger.info({ dataSourceId: deleted.dataSourceId, conversations: byConversation.size, fragments: fragments.length }, 'content fragments expired with their data source');
  }

  private async saveCheckpoint(): Promise<void> {
    const position = this.applied;
    if (position <= this.saved) return;
    await this.readStore.commit({ puts: [], deletes: [], checkpoint: { name: CONTENT_FRAGMENT_EXPIRY_CHECKPOINT, position } });
    this.saved = position;
  }
}
