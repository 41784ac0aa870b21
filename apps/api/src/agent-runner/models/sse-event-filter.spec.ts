import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { SseEventFilter } from './sse-event-filter';

const IGNORED = new Set(['response.content_part.added', 'response.output_text.done']);

/** What the filter lets through of `chunks`, fed one after the other. */
async function filtered(chunks: readonly string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(new SseEventFilter(IGNORED)));
}

const kept1 = 'event: response.output_item.added\ndata: {"type":"response.output_item.added"}\n\n';
const dropped1 = 'event: response.content_part.added\ndata: {"type":"response.content_part.added","part":{"text":"é"}}\n\n';
const kept2 = 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"Hé"}\n\n';
const dropped2 = 'event: response.output_text.done\ndata: {"type":"response.output_text.done"}\n\n';
const kept3 = 'data: {"type":"response.content_part.added"}\n\n';
const stream = kept1 + dropped1 + kept2 + dropped2 + kept3;

describe('SseEventFilter', () => {
  it('leaves out the events of the ignored types and passes the others byte for byte', async () => {
    await expect(filtered([stream])).resolves.toBe(kept1 + kept2 + kept3);
  });

  it('gives the same result however the stream is cut into chunks (mid-line, mid-character, mid-blank-line)', async () => {
    const bytes = Buffer.from(stream);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const out = await text(Readable.from(chunks).pipe(new SseEventFilter(IGNORED)));
      expect(out).toBe(kept1 + kept2 + kept3);
    }
  });

  it('passes a complete event on at once, without waiting for the next chunk', async () => {
    const filter = new SseEventFilter(IGNORED);
    const seen: string[] = [];
    filter.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
    filter.write(Buffer.from(dropped1 + kept2 + 'event: response.output'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([kept2]);
  });

  it('passes through, untouched from then on, a stream that uses carriage returns', async () => {
    const crlf = dropped1.replaceAll('\n', '\r\n');
    await expect(filtered([kept1, 'event: response.content', crlf.slice(23), dropped2])).resolves.toBe(kept1 + 'event: response.content' + crlf.slice(23) + dropped2);
  });

  it('keeps an unterminated last event and anything without an event line', async () => {
    await expect(filtered(['data: one\n\n', ': comment\n\n', 'event: response.content_part.added\ndata: {}'])).resolves.toBe(
      'data: one\n\n: comment\n\nevent: response.content_part.added\ndata: {}',
    );
  });
});
