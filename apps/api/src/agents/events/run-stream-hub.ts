import { isAgentRunTerminal } from '@app/contracts/events/agent-run.events';
import { EVENT_STORE, type EventStore, type EventSubscription, type RecordedEvent } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';

/**
 * Shares one event-store subscription per run stream among all of this process's SSE listeners of
 * that message. Without it, every append wakes every listener's own subscription, and 500 listeners
 * mean 500 store reads per token batch; with it, one read feeds them all from memory. A run stream
 * is small (coalesced tokens, one terminal event), so a channel simply keeps the whole stream while
 * anyone listens, and each listener walks it from its own revision.
 */
@Injectable()
export class RunStreamHub {
  private readonly channels = new Map<string, RunStreamChannel>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** Events of the stream with revision > `afterRevision` (all when null), stored then live. */
  subscribe(streamName: string, afterRevision: number | null): EventSubscription {
    let channel = this.channels.get(streamName);
    if (!channel || channel.isBroken) {
      const created = new RunStreamChannel(this.eventStore.subscribeToStream(streamName), () => {
        if (this.channels.get(streamName) === created) this.channels.delete(streamName);
      });
      this.channels.set(streamName, created);
      channel = created;
    }
    return channel.listen(afterRevision ?? -1);
  }

  /** Streams with at least one listener in this process. */
  get openChannels(): number {
    return this.channels.size;
  }
}

/** Where one listener stands in the channel. */
interface Listener {
  next: number;
  released: boolean;
  wake: (() => void) | null;
}

/** One run stream held in memory for its listeners. */
class RunStreamChannel {
  private readonly events: RecordedEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private listeners = 0;
  private sourceDone = false;
  private closed = false;

  constructor(
    private readonly source: EventSubscription,
    private readonly onClosed: () => void,
  ) {
    void this.pump();
  }

  /** The store subscription ended without a terminal event (store closed or failed). */
  get isBroken(): boolean {
    return this.sourceDone && !this.events.some(isAgentRunTerminal);
  }

  listen(afterRevision: number): EventSubscription {
    this.listeners += 1;
    const listener: Listener = { next: afterRevision + 1, released: false, wake: null };
    return {
      [Symbol.asyncIterator]: () => this.iterate(listener),
      close: () => this.release(listener),
    };
  }

  private async *iterate(listener: Listener): AsyncGenerator<RecordedEvent> {
    try {
      while (!listener.released) {
        // Revisions are dense from 0, so the array index of revision r is r.
        const event = this.events[listener.next];
        if (event !== undefined) {
          listener.next += 1;
          yield event;
          continue;
        }
        if (this.sourceDone) return;
        await new Promise<void>((resolve) => {
          listener.wake = resolve;
          this.waiters.add(resolve);
        });
        listener.wake = null;
      }
    } finally {
      await this.release(listener);
    }
  }

  private async release(listener: Listener): Promise<void> {
    if (listener.released) return;
    listener.released = true;
    if (listener.wake) {
      this.waiters.delete(listener.wake);
      listener.wake();
    }
    this.listeners -= 1;
    if (this.listeners === 0) await this.close();
  }

  private async pump(): Promise<void> {
    try {
      for await (const event of this.source) {
        this.events.push(event);
        this.wakeAll();
        // Nothing follows a terminal event: stop reading, keep serving what is held.
        if (isAgentRunTerminal(event)) break;
      }
    } catch {
      // The store failed: listeners end, and SSE clients resume from their last id.
    } finally {
      this.sourceDone = true;
      this.wakeAll();
    }
  }

  private wakeAll(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
    await this.source.close();
  }
}
