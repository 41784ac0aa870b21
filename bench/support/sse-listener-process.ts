/**
 * A process of SSE listeners for the agent-streaming bench's fan-out, forked by it (several of
 * them): the listeners' CPU and memory stay out of the api's process and out of the bench's own.
 * Told `{ listen: ListenOrder }`, it opens that many streams (a few at a time, so the api's accept
 * queue never overflows), says `{ opened }` once every one is open, reads each until `data: done`,
 * then answers `{ report: ListenerReport }`.
 *
 * The work per frame is kept small, as a load generator's should be: the frame's raw `data:` line
 * is compared with the first copy of it this process received (same event id, same text, for every
 * listener), and the receipt time is kept in a typed array. The bench turns the distinct frames
 * into text and latencies once, at the end.
 */
import { performance } from 'node:perf_hooks';
import { listenSse } from './sse-listener';

export interface ListenOrder {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly listeners: number;
  /** Most streams being opened at once. */
  readonly openingAtOnce: number;
}

export interface ListenerReport {
  /** The distinct `data:` payloads of token frames, in the order they first came. */
  readonly frames: string[];
  /**
   * For frame i, the receipt time (ms since the epoch, sub-ms precision) at each listener, in
   * listener order; NaN where a listener did not get it.
   */
  readonly receivedAt: number[][];
  /** Listeners that got every frame, in order, each once, then `data: done`. */
  readonly complete: number;
  /** CPU time this process spent while the frames came (µs). */
  readonly cpuMicros: number;
}

/** Absolute time in ms with sub-ms precision, comparable between processes of one machine. */
function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

class Listeners {
  private readonly frameIndex = new Map<string, number>();
  private readonly frames: string[] = [];
  private readonly receivedAt: Float64Array[] = [];
  /** Frames each listener got so far, or -1 once one came out of order. */
  private readonly progress: Int32Array;
  private readonly done: Uint8Array;

  constructor(private readonly order: ListenOrder) {
    this.progress = new Int32Array(order.listeners);
    this.done = new Uint8Array(order.listeners);
  }

  /** Opens every stream; resolves once all are open, with a promise of their ends (wrapped: a promise would be flattened). */
  async open(): Promise<{ ended: Promise<void> }> {
    const ends: Promise<void>[] = [];
    let next = 0;
    const openOne = async (): Promise<void> => {
      while (next < this.order.listeners) {
        const listener = next;
        next += 1;
        await new Promise<void>((opened, failed) => ends.push(this.listen(listener, opened, failed)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.order.openingAtOnce, this.order.listeners) }, openOne));
    return { ended: Promise.all(ends).then(() => undefined) };
  }

  report(cpuMicros: number): ListenerReport {
    let complete = 0;
    for (let listener = 0; listener < this.order.listeners; listener += 1) {
      if (this.done[listener] === 1 && this.progress[listener] === this.frames.length) complete += 1;
    }
    return { frames: this.frames, receivedAt: this.receivedAt.map((times) => Array.from(times)), complete, cpuMicros };
  }

  private listen(listener: number, opened: () => void, failed: (error: Error) => void): Promise<void> {
    const ended = listenSse(this.order.url, this.order.headers, opened, (block) => this.onBlock(listener, block));
    // A stream that fails before it opens must not leave the opening wait hanging.
    ended.catch(failed);
    return ended;
  }

  private onBlock(listener: number, block: string): 'stop' | void {
    const at = nowMs();
    if (block === 'data: done') {
      this.done[listener] = 1;
      return 'stop';
    }
    if (!block.startsWith('data: ') || !block.includes('"generation_tokens"')) return;
    let index = this.frameIndex.get(block);
    if (index === undefined) {
      index = this.frames.length;
      this.frameIndex.set(block, index);
      this.frames.push(block.slice('data: '.length));
      this.receivedAt.push(new Float64Array(this.order.listeners).fill(Number.NaN));
    }
    const times = this.receivedAt[index];
    if (times === undefined) return;
    // Each listener must get frame k as its k-th token frame: the same text, in the same order.
    const got = this.progress[listener] ?? -1;
    this.progress[listener] = got === index && Number.isNaN(times[listener]) ? got + 1 : -1;
    times[listener] = at;
  }
}

process.on('message', (message: { listen?: ListenOrder; stop?: true }) => {
  if (message.listen) {
    const created = new Listeners(message.listen);
    void created
      .open()
      .then(async ({ ended }) => {
        process.send?.({ opened: message.listen?.listeners });
        const cpuBefore = process.cpuUsage();
        await ended;
        const cpu = process.cpuUsage(cpuBefore);
        process.send?.({ report: created.report(cpu.user + cpu.system) });
      })
      .catch((error: unknown) => process.send?.({ error: String(error) }));
  } else if (message.stop) {
    process.exit(0);
  }
});
