import { fromConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LogFollowerLoop } from '../../event-sourcing/following/log-follower-loop';
import { LOGGER } from '../../common/logger';
import { ConversationTimeline, SNAPSHOT_EVERY_EVENTS } from './conversation-timeline';

/** Conversations waiting for their snapshot; past this, new ones wait for a read to take theirs. */
const MAX_PENDING = 1_000;

/**
 * Takes a conversation's fold snapshot as soon as its stream crosses a multiple of
 * SNAPSHOT_EVERY_EVENTS, so that even the first time-travel read of a long conversation folds at
 * most one interval of events. It follows the live log only (snapshots are an optimisation: one
 * missed while the process was down is taken by the next read that folds past it), one
 * conversation at a time, off the request path.
 */
@Injectable()
export class FoldSnapshotter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: LogFollowerLoop;
  private readonly pending = new Set<string>();
  private working: Promise<void> = Promise.resolve();
  private draining = false;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly timeline: ConversationTimeline,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const steps = { begin: () => this.eventStore.headPosition(), apply: async (event: RecordedEvent) => this.apply(event) };
    this.loop = new LogFollowerLoop(eventStore, steps, logger, 'fold snapshots');
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.pending.clear();
    await this.loop.stop();
    await this.working;
  }

  /** Resolves once no snapshot is waiting or being taken. */
  async settled(): Promise<void> {
    await this.working;
  }

  private apply(event: RecordedEvent): void {
    if ((event.revision + 1) % SNAPSHOT_EVERY_EVENTS !== 0) return;
    const conversationId = fromConversationStreamName(event.streamName);
    if (!conversationId || this.pending.size >= MAX_PENDING) return;
    this.pending.add(conversationId);
    if (this.draining) return;
    this.draining = true;
    this.working = this.drain();
  }

  private async drain(): Promise<void> {
    // `draining` is cleared in the same synchronous step that finds the queue empty, so a
    // conversation added later always starts a new drain.
    for (let next = this.first(); next !== undefined; next = this.first()) {
      this.pending.delete(next);
      try {
        await this.timeline.snapshotNow(next);
      } catch (error) {
        this.logger.warn({ err: error, conversationId: next }, 'fold snapshot not taken; the next read will fold further');
      }
    }
    this.draining = false;
  }

  private first(): string | undefined {
    return this.pending.values().next().value;
  }
}
