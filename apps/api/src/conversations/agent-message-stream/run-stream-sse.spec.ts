import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { SqliteEventStore, type RecordedEvent } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { encodeSseFrame, type EncodedSseFrame } from '../../common/sse/sse-frame';
import { RunStreamHub } from './run-stream-hub';
import { serveRunStreamSse } from './run-stream-sse';

const STREAM = 'agent_message-m1';
const EVENTS = 24;
/** Frames far larger than the events, so a client that stops reading outgrows the kernel's socket buffers (tens of MB). */
const PADDING = '~'.repeat(2 * 1024 * 1024);

/** Collects the `eventId`s a raw client reads; its socket can be paused to play a client that stops reading. */
async function listen(port: number): Promise<{ socket: Socket; ids: () => string[]; ended: () => Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let raw = '';
  socket.setEncoding('latin1');
  // The padding is dropped as it comes: the client keeps (and searches) only the frames' ids and framing.
  socket.on('data', (chunk: string) => (raw += chunk.replace(/~+/g, '')));
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  const ids = () => [...raw.matchAll(/^data: \{"eventId":"(\d+)"/gm)].map((match) => match[1]);
  return { socket, ids, ended: () => until(() => raw.endsWith('\r\n0\r\n\r\n')) };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Each event's one frame, made once for all clients as the real stream does. */
const frames = new WeakMap<RecordedEvent, EncodedSseFrame[]>();
function framesOf(event: RecordedEvent): EncodedSseFrame[] {
  let made = frames.get(event);
  if (made === undefined) {
    made = [encodeSseFrame({ eventId: String(event.revision), data: { type: event.type, padding: PADDING }, terminal: event.type === 'AgentRunCancelled' })];
    frames.set(event, made);
  }
  return made;
}

describe('serveRunStreamSse', () => {
  let store: SqliteEventStore;
  let server: Server;
  const serverSockets: Socket[] = [];
  const clientSockets: Socket[] = [];

  beforeEach(async () => {
    store = new SqliteEventStore({ path: ':memory:' });
    const hub = new RunStreamHub(store);
    server = createServer((request, response) =>
      serveRunStreamSse(
        request,
        response,
        (sink) => hub.follow(STREAM, null, sink),
        (event) => framesOf(event),
        {},
      ),
    );
    server.on('connection', (socket: Socket) => serverSockets.push(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterEach(async () => {
    for (const socket of [...serverSockets.splice(0), ...clientSockets.splice(0)]) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  });

  it('keeps serving the others while one client does not read, holds little for it, and gives it every event once it reads again', async () => {
    const { port } = server.address() as AddressInfo;
    const slow = await listen(port);
    const fast = await listen(port);
    clientSockets.push(slow.socket, fast.socket);
    slow.socket.pause();
    for (let index = 0; index < EVENTS; index += 1) {
      const event: AgentRunEvent = { type: 'AgentTokensGenerated', data: { text: 'a', classification: 'tokens', step: 0, at: index } };
      await store.append(STREAM, [{ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: 1 } }], 'any');
    }
    await until(() => fast.ids().length === EVENTS);
    // Without backpressure the slow client's socket would buffer everything the kernel did not take (megabytes).
    const buffered = Math.max(...serverSockets.map((socket) => socket.writableLength));
    expect(buffered).toBeLessThan(2 * PADDING.length);
    await store.append(STREAM, [{ id: randomUUID(), type: 'AgentRunCancelled', data: { at: 0 }, metadata: { schemaVersion: 1 } }], 'any');
    await fast.ended();
    slow.socket.resume();
    await slow.ended();
    const all = Array.from({ length: EVENTS + 1 }, (_, index) => String(index));
    expect(fast.ids()).toEqual(all);
    expect(slow.ids()).toEqual(all);
  }, 60_000);
});
