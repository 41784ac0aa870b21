import { isMcpServerEvent, type JsonRpcMessage } from '@app/contracts/events/mcp-server.events';
import { upcast } from '@app/contracts/events/upcast';
import { EVENT_STORE, type EventStore, type EventSubscription } from '@app/storage';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

/** How a request was settled: the server's response, or abandoned by its caller. */
export type McpSettlement = { readonly kind: 'result'; readonly message: JsonRpcMessage } | { readonly kind: 'abandoned' };

/** One awaited response; `cancel` stops waiting without settling anything. */
export interface McpExpectation {
  readonly settled: Promise<McpSettlement>;
  cancel(): void;
}

/** A follower closes this long after its last waiter left (a run's next call usually comes sooner). */
const FOLLOWER_LINGER_MS = 30_000;

interface Waiter {
  resolve(settlement: McpSettlement): void;
  reject(error: unknown): void;
  /** Parts of a large response seen so far, joined when its `McpResultReceived` comes. */
  parts: string[];
}

/** One subscription to a server stream, shared by every request of this process waiting on it. */
class StreamFollower {
  readonly waiters = new Map<string, Waiter>();
  private linger: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly subscription: EventSubscription,
    private readonly onClosed: () => void,
  ) {
    void this.follow();
  }

  expect(requestId: string): McpExpectation {
    clearTimeout(this.linger);
    let waiter!: Waiter;
    const settled = new Promise<McpSettlement>((resolve, reject) => (waiter = { resolve, reject, parts: [] }));
    this.waiters.set(requestId, waiter);
    return {
      settled,
      cancel: () => {
        if (this.waiters.get(requestId) === waiter) this.release(requestId);
      },
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.linger);
    this.onClosed();
    void this.subscription.close();
  }

  private async follow(): Promise<void> {
    try {
      for await (const recorded of this.subscription) {
        const event = upcast(recorded);
        if (!isMcpServerEvent(event)) continue;
        if (event.type === 'McpResultPartRecorded') this.waiters.get(event.data.requestId)?.parts.push(event.data.text);
        else if (event.type === 'McpResultReceived') this.settleWithResult(event.data.requestId, event.data.message);
        else if (event.type === 'McpRequestAbandoned') this.settle(event.data.requestId, { kind: 'abandoned' });
      }
    } catch (error) {
      for (const waiter of this.waiters.values()) waiter.reject(error);
    } finally {
      this.waiters.clear();
      this.close();
    }
  }

  private settleWithResult(requestId: string, message: JsonRpcMessage | null): void {
    const waiter = this.waiters.get(requestId);
    if (!waiter) return;
    try {
      this.settle(requestId, { kind: 'result', message: message ?? (JSON.parse(waiter.parts.join('')) as JsonRpcMessage) });
    } catch (error) {
      this.release(requestId);
      waiter.reject(error);
    }
  }

  private settle(requestId: string, settlement: McpSettlement): void {
    const waiter = this.waiters.get(requestId);
    if (!waiter) return;
    this.release(requestId);
    waiter.resolve(settlement);
  }

  private release(requestId: string): void {
    this.waiters.delete(requestId);
    if (this.waiters.size === 0 && !this.closed) {
      this.linger = setTimeout(() => this.close(), FOLLOWER_LINGER_MS);
      this.linger.unref();
    }
  }
}

/**
 * Where runs wait for responses of client-side servers. Responses are events on the server's
 * stream, posted to whichever replica the server reached: this process follows each stream it
 * waits on (one subscription per stream, however many requests are in flight), so a response
 * recorded by any replica wakes the run here.
 */
@Injectable()
export class McpResponses implements OnModuleDestroy {
  private readonly followers = new Map<string, StreamFollower>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /**
   * Starts waiting for the response to `requestId` on `streamName`. Call it before the request is
   * appended, with `afterRevision` at or before the stream's revision then, so no response is missed.
   */
  expect(streamName: string, afterRevision: number, requestId: string): McpExpectation {
    let follower = this.followers.get(streamName);
    if (!follower) {
      const subscription = this.eventStore.subscribeToStream(streamName, { afterRevision });
      const created: StreamFollower = new StreamFollower(subscription, () => {
        if (this.followers.get(streamName) === created) this.followers.delete(streamName);
      });
      follower = created;
      this.followers.set(streamName, follower);
    }
    return follower.expect(requestId);
  }

  onModuleDestroy(): void {
    for (const follower of [...this.followers.values()]) follower.close();
  }
}

/** How `requestId` was settled among a server stream's events (upcast, in order), or null while it is not. */
export function recordedSettlement(events: readonly { readonly type: string; readonly data: unknown }[], requestId: string): McpSettlement | null {
  const parts: string[] = [];
  for (const event of events) {
    if (!isMcpServerEvent(event) || !('requestId' in event.data) || event.data.requestId !== requestId) continue;
    if (event.type === 'McpResultPartRecorded') parts.push(event.data.text);
    else if (event.type === 'McpResultReceived') return { kind: 'result', message: event.data.message ?? (JSON.parse(parts.join('')) as JsonRpcMessage) };
    else if (event.type === 'McpRequestAbandoned') return { kind: 'abandoned' };
  }
  return null;
}
