import { isAgentRunTerminal } from '@app/contracts/events/agent-run.events';
import { EVENT_STORE, type EventStore, type EventSubscription, type RecordedEvent } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { UNRENDERED_RUN_EVENT_TYPES } from './agent-message-events.render';

/** Where a listener's events go, synchronously and in order. */
export interface RunStreamSink {
  /** The next event; false when the listener is behind and wants nothing more until `resume()`. */
  event(event: RecordedEvent): boolean;
  /** No event will come any more: the store subscription ended (store closed or failed). */
  end(): void;
}

/** A listener's hold on a run stream; it gets nothing before its first `resume()`. */
export interface RunStreamListener {
  /** Delivers what the listener has not had yet (held events, or what came while it was behind), then live events. */
  resume(): void;
  /** Leaves the stream; the last listener out closes the store subscription. */
  close(): void;
}

/**
 * Shares one event-store subscription per run stream among all of this process's SSE listeners of
 * that message. Without it, every append wakes every listener's own subscription, and 500 listeners
 * mean 500 store reads per token batch; with it, one read feeds them all from memory. A run stream
 * is small (coalesced tokens, one terminal event), so a channel simply keeps the whole stream while
 * anyone listens, and each listener walks it from its own revision.
 * A new event reaches every listener in one synchronous loop (no promise or iterator step per
 * listener); a listener that is behind is skipped and catches up from the held events on `resume`.
 * An event that shows nothing on the stream (UNRENDERED_RUN_EVENT_TYPES) is only held: listeners
 * get it with the next one.
 */
@Injectable()
export class RunStreamHub {
  private readonly channels = new Map<string, RunStreamChannel>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /**
   * Sends `sink` the events of the stream with revision > `afterRevision` (all when null), from the
   * listener's first `resume()`: the held ones at once, then each live one as it is read.
   */
  follow(streamName: string, afterRevision: number | null, sink: RunStreamSink): RunStreamListener {
    let channel = this.channels.get(streamName);
    if (!channel || channel.isBroken) {
      const created = new RunStreamChannel(this.eventStore.subscribeToStream(streamName), () => {
        if (this.channels.get(streamName) === created) this.channels.delete(streamName);
      });
      this.channels.set(streamName, created);
      channel = created;
    }
    return channel.listen(afterRevision ?? -1, sink);
  }

  /** Streams with at least one listener in this process. */
  get openChannels(): number {
    return this.channels.size;
  }
}

/** Where one listener stands in the channel. */
interface Listener {
  readonly sink: RunStreamSink;
  /** Revision of the next event to deliver (the array index of revision r is r). */
  next: number;
  /** Behind: skipped by live deliveries until it resumes. */
  paused: boolean;
  /** Inside a delivery to this listener (a sink that resumes from within `event` must not re-enter). */
  delivering: boolean;
  ended: boolean;
}

/** One run stream held in memory for its listeners. */
class RunStreamChannel {
  private readonly events: RecordedEvent[] = [];
  private readonly listeners = new Set<Listener>();
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

  listen(afterRevision: number, sink: RunStreamSink): RunStreamListener {
    const listener: Listener = { sink, next: afterRevision + 1, paused: true, delivering: false, ended: false };
    this.listeners.add(listener);
    return {
      resume: () => {
        listener.paused = false;
        this.deliver(listener);
      },
      close: () => this.release(listener),
    };
  }

  /** Hands the listener every held event it has not had, unless it is behind, then the end if any. */
  private deliver(listener: Listener): void {
    if (listener.delivering) return;
    listener.delivering = true;
    try {
      while (!listener.paused && this.listeners.has(listener)) {
        const event = this.events[listener.next];
        if (event === undefined) break;
        listener.next += 1;
        if (!listener.sink.event(event)) listener.paused = true;
      }
      if (this.sourceDone && !listener.ended && listener.next >= this.events.length && this.listeners.has(listener)) {
        listener.ended = true;
        listener.sink.end();
      }
    } catch {
      // A sink that throws loses its place; the others carry on.
      this.release(listener);
    } finally {
      listener.delivering = false;
    }
  }

  private deliverToAll(): void {
    for (const listener of this.listeners) this.deliver(listener);
  }

  private release(listener: Listener): void {
    if (!this.listeners.delete(listener)) return;
    if (this.listeners.size === 0) this.close();
  }

  private async pump(): Promise<void> {
    try {
      for await (const event of this.source) {
        this.events.push(event);
        if (!UNRENDERED_RUN_EVENT_TYPES.has(event.type)) this.deliverToAll();
        // Nothing follows a terminal event: stop reading, keep serving what is held.
        if (isAgentRunTerminal(event)) break;
      }
    } catch {
      // The store failed: listeners end, and SSE clients resume from their last id.
    } finally {
      this.sourceDone = true;
      this.deliverToAll();
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
    void this.source.close();
  }
}
