import { Transform, type TransformCallback } from 'node:stream';

const BLOCK_END = Buffer.from('\n\n');
const EVENT_FIELD = Buffer.from('event: ');
const CR = 0x0d;
const LF = 0x0a;

/**
 * Drops, from a server-sent event stream, the events whose `event:` line names one of `ignored`,
 * and passes every other byte through as it came. A provider's stream carries events its AI SDK
 * provider reads only to discard (OpenAI's `response.content_part.added` and the like): each still
 * costs a full schema validation (a failed try of every member of the provider's chunk union) and
 * a trip through the SDK's web streams, on the way to the token that follows it.
 *
 * Events are told apart by the blank line that ends them. A block not yet complete waits here for
 * its end, as the SDK's parser would wait for it. A stream with carriage returns (whose blocks may
 * end otherwise) is passed through untouched from its first one on, as is a block that does not
 * start with an `event:` line.
 */
export class SseEventFilter extends Transform {
  private pending: Buffer | null = null;
  private passThrough = false;

  constructor(private readonly ignored: ReadonlySet<string>) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.passThrough || chunk.includes(CR)) return done(null, this.release(chunk));
    const data = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    const kept: Buffer[] = [];
    let keptFrom = 0;
    let start = 0;
    for (let end = data.indexOf(BLOCK_END, start); end !== -1; end = data.indexOf(BLOCK_END, start)) {
      if (this.isIgnored(data, start, end)) {
        if (start > keptFrom) kept.push(data.subarray(keptFrom, start));
        keptFrom = end + BLOCK_END.length;
      }
      start = end + BLOCK_END.length;
    }
    if (start > keptFrom) kept.push(data.subarray(keptFrom, start));
    this.pending = start < data.length ? data.subarray(start) : null;
    // One chunk on, whatever was dropped from it: each chunk costs the SDK's streams a trip.
    done(null, kept.length === 0 ? undefined : kept.length === 1 ? kept[0] : Buffer.concat(kept));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.pending ?? undefined);
    this.pending = null;
  }

  /** Passes everything through from here on, what was held first. */
  private release(chunk: Buffer): Buffer {
    this.passThrough = true;
    const held = this.pending;
    this.pending = null;
    return held === null ? chunk : Buffer.concat([held, chunk]);
  }

  /** Whether the block from `start` to `end` (its blank line excluded) is an event of an ignored type. */
  private isIgnored(data: Buffer, start: number, end: number): boolean {
    if (end - start < EVENT_FIELD.length || data.compare(EVENT_FIELD, 0, EVENT_FIELD.length, start, start + EVENT_FIELD.length) !== 0) return false;
    const lineEnd = data.indexOf(LF, start);
    const nameEnd = lineEnd === -1 || lineEnd > end ? end : lineEnd;
    return this.ignored.has(data.toString('utf8', start + EVENT_FIELD.length, nameEnd));
  }
}
