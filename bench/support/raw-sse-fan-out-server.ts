/**
 * Ceiling of the agent-streaming fan-out: raw `node:http` holding every SSE listener's response and
 * writing the same frames to all of them, with none of our server's work (no log, no commit, no
 * subscription, no rendering). Forked by the bench; sends `{ port }` once listening. Every GET is a
 * stream: headers at once, then the frames. Told `{ play: FanOutPlay }`, it writes frame k to every
 * stream `atMs[k]` after a start time a little ahead (each frame's bytes made once, one socket write
 * per stream), then `data: done` and the end; it answers `{ startedAt }` (ms since the epoch) so the
 * bench can time each listener's receipt against the same schedule, and once the last frame is
 * written, `{ cpuMicros }`: the CPU it spent writing the frames (user and kernel).
 */
import { createServer, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface FanOutPlay {
  /** Each frame's SSE text (`data: ...\n\n`). */
  readonly frames: readonly string[];
  /** When each frame is produced, in ms after the start (non-decreasing). */
  readonly atMs: readonly number[];
}

/** Time between the order and the first frame's earliest time: the order is never already late. */
const LEAD_MS = 50;
const DONE = Buffer.from('data: done\n\n', 'utf8');

const streams: ServerResponse[] = [];
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
  streams.push(response);
});

/**
 * A frame as one HTTP/1.1 chunk (size line, text, CRLF), written straight to each socket: the
 * cheapest write node:http allows once the headers are out, one shared Buffer and one `write` per
 * socket. `res.write` frames every call itself (chunk size line and CRLF around the data, cork and
 * uncork on the next tick), which costs more per stream; our server writes frames this way too.
 */
function asChunk(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, Buffer.from('\r\n', 'latin1')]);
}

function play(order: FanOutPlay): number {
  const startedAt = performance.timeOrigin + performance.now() + LEAD_MS;
  let cpuMicros = 0;
  const frames = order.frames.map(asChunk);
  let next = 0;
  const writeDue = (): void => {
    // Frames that came due while the previous ones were being written go out one after the other.
    while (next < frames.length && performance.timeOrigin + performance.now() >= startedAt + (order.atMs[next] ?? 0)) {
      const frame = frames[next] as Buffer;
      const cpuBefore = process.cpuUsage();
      for (const stream of streams) stream.socket?.write(frame);
      const cpu = process.cpuUsage(cpuBefore);
      cpuMicros += cpu.user + cpu.system;
      next += 1;
    }
    if (next < frames.length) {
      setTimeout(writeDue, Math.max(0, startedAt + (order.atMs[next] ?? 0) - performance.timeOrigin - performance.now()));
      return;
    }
    process.send?.({ cpuMicros });
    for (const stream of streams) stream.end(DONE);
    streams.length = 0;
  };
  setTimeout(writeDue, LEAD_MS);
  return startedAt;
}

process.on('message', (message: { play?: FanOutPlay }) => {
  if (message.play) process.send?.({ startedAt: play(message.play) });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
