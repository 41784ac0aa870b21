import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '../api/api-error';
import { followEventStream, isAfter, SseParser, withLastEventId, type FollowOptions, type StreamEvent } from './event-stream';

// The resume logic of the web app's one stream reader, against scripted answers: each connection
// asks for what follows the last event applied, and no text is lost or applied twice.

interface Payload {
  readonly type: 'tokens' | 'success';
  readonly text?: string;
}

/** One scripted answer: chunks of text, then the end (the server's, or a network cut). */
interface Answer {
  readonly status?: number;
  readonly chunks?: readonly string[];
  readonly cut?: boolean;
  readonly refused?: boolean;
}

const frame = (eventId: number, data: Payload) => `data: ${JSON.stringify({ eventId: String(eventId), data })}\n\n`;
const tokens = (eventId: number, text: string) => frame(eventId, { type: 'tokens', text });
const success = (eventId: number) => frame(eventId, { type: 'success' });
const DONE = 'data: done\n\n';

function scriptedFetch(answers: Answer[]) {
  const urls: string[] = [];
  const fetchImpl = (async (url: string): Promise<Response> => {
    urls.push(url);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`no answer scripted for ${url}`);
    if (answer.refused) throw new TypeError('Failed to fetch');
    const encoder = new TextEncoder();
    const chunks = [...(answer.chunks ?? [])];
    // One chunk per read, then the end: an error drops what is queued, so it comes after the last read.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
        else if (answer.cut) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    return new Response(body, { status: answer.status ?? 200, headers: { 'content-type': 'text/event-stream' } });
  }) as unknown as typeof fetch;
  return { fetch: fetchImpl, urls, left: answers };
}

/** Follows like the page does: the applied text and the last id live with the caller. */
async function follow(answers: Answer[], overrides: Partial<FollowOptions<Payload>> & { start?: string | null } = {}) {
  const scripted = scriptedFetch(answers);
  let lastEventId: string | null = overrides.start ?? null;
  let text = '';
  const batches: StreamEvent<Payload>[][] = [];
  const sleeps: number[] = [];
  const outcome = await followEventStream<Payload>({
    url: '/api/w/w1/assistant/conversations/c1/messages/m1/events',
    signal: new AbortController().signal,
    lastEventId: () => lastEventId,
    deliver: (events) => {
      batches.push([...events]);
      for (const event of events) {
        if (event.data.type === 'tokens') text += event.data.text;
        lastEventId = event.eventId;
      }
    },
    isTerminal: (data) => data.type === 'success',
    hasEnded: async () => true,
    fetch: scripted.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { outcome, text, urls: scripted.urls, batches, sleeps, left: scripted.left, lastEventId };
}

describe('SseParser', () => {
  it('answers the data of each event, whatever the cuts between chunks and the line ends', () => {
    const parser = new SseParser();
    const text = `: ping\n\n${tokens(1, 'a')}data: {"eventId":"2",\r\ndata: "data":{"type":"tokens","text":"b"}}\r\rdata: done\r\n\r\n`;
    const events: string[] = [];
    for (let index = 0; index < text.length; index += 3) events.push(...parser.push(text.slice(index, index + 3)));
    expect(events).toEqual([
      JSON.stringify({ eventId: '1', data: { type: 'tokens', text: 'a' } }),
      '{"eventId":"2",\n"data":{"type":"tokens","text":"b"}}',
      'done',
    ]);
  });

  it('keeps a CR that ends one chunk and the LF that opens the next as one line end', () => {
    const parser = new SseParser();
    expect(parser.push('data: x\r')).toEqual([]);
    expect(parser.push('\n\r')).toEqual(['x']);
    expect(parser.push('\ndata: y\n\n')).toEqual(['y']);
  });
});

describe('followEventStream', () => {
  it('delivers the events in order until the terminal one, asking from the start', async () => {
    const run = await follow([{ chunks: [tokens(1, 'Hel'), tokens(2, 'lo') + success(3), DONE] }]);
    expect(run.outcome).toBe('terminal');
    expect(run.text).toBe('Hello');
    expect(run.urls).toEqual(['/api/w/w1/assistant/conversations/c1/messages/m1/events']);
    // One batch per read from the network: a row redraws once per read, not once per token.
    expect(run.batches.map((batch) => batch.map((event) => event.eventId))).toEqual([['1'], ['2', '3']]);
  });

  it("reconnects after the server's time limit from the last event, losing and repeating nothing", async () => {
    const run = await follow([{ chunks: [tokens(1, 'one '), tokens(2, 'two '), DONE] }, { chunks: [tokens(3, 'three'), success(4), DONE] }]);
    expect(run.outcome).toBe('terminal');
    expect(run.text).toBe('one two three');
    expect(run.urls[1]).toMatch(/\?lastEventId=2$/);
    expect(run.sleeps).toEqual([]);
  });

  it('resumes after a network cut from the last whole event: a half-received frame is asked again, not applied', async () => {
    const half = tokens(3, 'three ').slice(0, 20);
    const run = await follow([
      { chunks: [tokens(1, 'one '), tokens(2, 'two '), half], cut: true },
      { refused: true },
      { chunks: [tokens(3, 'three '), tokens(4, 'four'), success(5)] },
    ]);
    expect(run.outcome).toBe('terminal');
    expect(run.text).toBe('one two three four');
    expect(run.urls.slice(1)).toEqual([expect.stringMatching(/\?lastEventId=2$/), expect.stringMatching(/\?lastEventId=2$/)]);
    expect(run.sleeps.length).toBe(2);
  });

  it('after a reload, starts from the saved id and drops any event at or before it', async () => {
    const run = await follow([{ chunks: [tokens(6, 'old'), tokens(7, ' new'), success(8)] }], { start: '6' });
    expect(run.urls).toEqual(['/api/w/w1/assistant/conversations/c1/messages/m1/events?lastEventId=6']);
    expect(run.text).toBe(' new');
  });

  it('a stream that ended before the resume point answers done at once: the caller is asked, and it stops', async () => {
    const hasEnded = jest.fn(async () => true);
    const run = await follow([{ chunks: [DONE] }], { start: '9', hasEnded });
    expect(run.outcome).toBe('ended');
    expect(hasEnded).toHaveBeenCalledTimes(1);
  });

  it('a quiet stream cut by the time limit, not ended, is followed again', async () => {
    const ended = [false, true];
    const run = await follow([{ chunks: [': ping\n\n', DONE] }, { chunks: [tokens(1, 'late'), success(2)] }], { hasEnded: async () => ended.shift()! });
    expect(run.outcome).toBe('terminal');
    expect(run.text).toBe('late');
    expect(run.sleeps.length).toBe(1);
  });

  it('retries a 5xx or 429, and throws a refusal as the api worded it', async () => {
    const retried = await follow([{ status: 503, chunks: ['{}'] }, { status: 429 }, { chunks: [tokens(1, 'x'), success(2)] }]);
    expect(retried.text).toBe('x');
    expect(retried.sleeps.length).toBe(2);

    const refusal = JSON.stringify({ error: { type: 'message_not_found', message: 'Message not found.' } });
    await expect(follow([{ status: 404, chunks: [refusal] }])).rejects.toEqual(new ApiError(404, 'message_not_found', 'Message not found.'));
  });

  it('waits longer after each failure in a row, and less again once events come', async () => {
    const run = await follow([{ refused: true }, { refused: true }, { refused: true }, { chunks: [tokens(1, 'a')], cut: true }, { refused: true }, { chunks: [success(2)] }]);
    expect(run.sleeps).toEqual([250, 1_000, 2_000, 250, 1_000]);
  });

  it('stops when the page stops following', async () => {
    const controller = new AbortController();
    const run = await follow([{ chunks: [tokens(1, 'a')], cut: true }], {
      signal: controller.signal,
      sleep: async () => controller.abort(),
    });
    expect(run.outcome).toBe('aborted');
    expect(run.text).toBe('a');
  });
});

describe('resume points', () => {
  it('compares ids as revisions and appends lastEventId to the path', () => {
    expect(isAfter('10', '9')).toBe(true);
    expect(isAfter('9', '10')).toBe(false);
    expect(isAfter('9', '9')).toBe(false);
    expect(isAfter('1', null)).toBe(true);
    expect(withLastEventId('/x', '12')).toBe('/x?lastEventId=12');
    expect(withLastEventId('/x?a=1', '12')).toBe('/x?a=1&lastEventId=12');
    expect(withLastEventId('/x', null)).toBe('/x');
  });
});
