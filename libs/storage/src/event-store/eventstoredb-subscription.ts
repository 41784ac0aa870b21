import type { EventSubscription, RecordedEvent } from './event-store.port';
import { classifyResolved, type AnyResolvedEvent, type SkippedEvent } from './eventstoredb-recorded-event';

/** A live subscription of the client (`subscribeToAll`, `subscribeToStream`). */
export interface EsdbLiveSubscription<E> extends AsyncIterable<E> {
  unsubscribe(): Promise<void>;
  destroy(): unknown;
}

/**
 * Adapts a client subscription to ours: drops system events, skips (and reports) foreign ones, and
 * anything at or before the cursor so delivery stays exactly once and in order even if the server
 * repeats the starting event.
 */
export class EsdbSubscription<E extends AnyResolvedEvent> implements EventSubscription {
  onClose: () => void = () => undefined;
  private closed = false;
  private readonly closedSignal: Promise<'closed'>;
  private signalClosed: () => void = () => undefined;

  constructor(
    private readonly source: EsdbLiveSubscription<E>,
    private readonly cursorOf: (event: RecordedEvent) => number,
    private cursor: number,
    private readonly onSkip: (skipped: SkippedEvent) => void,
  ) {
    this.closedSignal = new Promise((resolve) => {
      this.signalClosed = () => resolve('closed');
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent> {
    const iterator = this.source[Symbol.asyncIterator]();
    try {
      while (!this.closed) {
        const next = iterator.next();
        // If close wins the race this read may still fail; nobody awaits it then.
        next.catch(() => undefined);
        const result = await Promise.race([next, this.closedSignal]);
        if (result === 'closed' || result.done === true) return;
        const classified = classifyResolved(result.value);
        if (classified.kind === 'foreign') this.onSkip(classified.skipped);
        if (classified.kind !== 'ours' || this.cursorOf(classified.event) <= this.cursor) continue;
        this.cursor = this.cursorOf(classified.event);
        yield classified.event;
      }
    } catch (error) {
      if (!this.closed) throw error;
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signalClosed();
    this.onClose();
    await this.source.unsubscribe();
    this.source.destroy();
  }
}
