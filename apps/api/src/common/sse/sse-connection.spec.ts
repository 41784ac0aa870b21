import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { SseConnection, type SseConnectionOptions } from './sse-connection';
import { encodeSseFrame, encodeSseText } from './sse-frame';

/** A server whose every request becomes an SseConnection handed to the test. */
async function sseServer(options: SseConnectionOptions = {}) {
  type Entry = { connection: SseConnection; closes: number; socket: Socket };
  const opened: Entry[] = [];
  const waiting: ((entry: Entry) => void)[] = [];
  const server: Server = createServer((request, response) => {
    const entry = { connection: undefined as unknown as SseConnection, closes: 0, socket: response.socket as Socket };
    entry.connection = new SseConnection(request, response, options, () => (entry.closes += 1));
    const waiter = waiting.shift();
    if (waiter) waiter(entry);
    else opened.push(entry);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** The next connection the server opens. */
    next: () => new Promise<Entry>((resolve) => (opened.length > 0 ? resolve(opened.shift()!) : waiting.push(resolve))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Client sockets of the current test, destroyed after it. */
const clients: Socket[] = [];

/**
 * A raw client: the exact bytes on the wire. `ended` settles when the response is over: the last
 * chunk for HTTP/1.1 (the connection stays open), the end of the connection for HTTP/1.0.
 */
function rawRequest(port: number, version: '1.0' | '1.1'): { socket: Socket; received: () => string; ended: () => Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  clients.push(socket);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.write(`GET /events HTTP/${version}\r\nHost: localhost\r\n\r\n`);
  const closed = version === '1.0' ? once(socket, 'end') : null;
  const ended = async () => {
    await (closed ?? until(() => text.endsWith('\r\n0\r\n\r\n')));
  };
  return { socket, received: () => text, ended };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

describe('SseConnection', () => {
  let server: Awaited<ReturnType<typeof sseServer>>;
  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.destroy();
    await server.close();
  });

  it('writes a terminal frame, data: done and the last chunk to the socket at once', async () => {
    server = await sseServer();
    const client = rawRequest(server.port, '1.1');
    const { connection, socket } = await server.next();
    connection.send(encodeSseFrame({ eventId: '0', data: { type: 'generation_tokens', text: 'a' } }));
    const write = jest.spyOn(socket, '_write');
    const writev = jest.spyOn(socket, '_writev');
    connection.send(encodeSseFrame({ eventId: '1', data: { type: 'agent_message_success' }, terminal: true }));
    await client.ended();
    expect(write).not.toHaveBeenCalled();
    expect(writev).toHaveBeenCalledTimes(1);
    expect(bodyOf(client.received())).toMatch(/"agent_message_success"\}\}\n\n\r\nc\r\ndata: done\n\n\r\n0\r\n\r\n$/);
  });

  it('writes data: done and the last chunk at once when it closes on a timeout', async () => {
    server = await sseServer({ maxDurationMs: 20, doneOnClose: true });
    const client = rawRequest(server.port, '1.1');
    const { socket } = await server.next();
    const write = jest.spyOn(socket, '_write');
    const writev = jest.spyOn(socket, '_writev');
    await client.ended();
    expect(write).not.toHaveBeenCalled();
    expect(writev).toHaveBeenCalledTimes(1);
    expect(bodyOf(client.received())).toBe('c\r\ndata: done\n\n\r\n0\r\n\r\n');
  });

  it('sends each frame as one HTTP/1.1 chunk, then done and the last chunk after a terminal frame', async () => {
    server = await sseServer();
    const client = rawRequest(server.port, '1.1');
    const entry = await server.next();
    const { connection } = entry;
    expect(connection.send(encodeSseFrame({ eventId: '0', data: { type: 'generation_tokens', text: 'é' } }))).toBe(true);
    connection.send(encodeSseFrame({ eventId: '1', data: { type: 'agent_message_success' }, terminal: true }));
    await client.ended();
    const raw = client.received();
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toContain('\r\nContent-Type: text/event-stream\r\n');
    expect(raw).toContain('\r\nTransfer-Encoding: chunked\r\n');
    const first = 'data: {"eventId":"0","data":{"type":"generation_tokens","text":"é"}}\n\n';
    const second = 'data: {"eventId":"1","data":{"type":"agent_message_success"}}\n\n';
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${Buffer.from(text).toString('latin1')}\r\n`;
    expect(bodyOf(raw)).toBe(`${chunk(first)}${chunk(second)}${chunk('data: done\n\n')}0\r\n\r\n`);
    expect(connection.isClosed).toBe(true);
    expect(entry.closes).toBe(1);
  });

  it('writes plain text to an HTTP/1.0 client, which has no chunks', async () => {
    server = await sseServer();
    const client = rawRequest(server.port, '1.0');
    const { connection } = await server.next();
    connection.send(encodeSseText('data: x\n\n', true));
    await client.ended();
    expect(bodyOf(client.received())).toBe('data: x\n\ndata: done\n\n');
  });

  it('sends keepalive comments and ends with done after the longest duration', async () => {
    server = await sseServer({ keepaliveMs: 20, maxDurationMs: 110, doneOnClose: true });
    const client = rawRequest(server.port, '1.1');
    const entry = await server.next();
    await client.ended();
    const body = bodyOf(client.received());
    expect(body.split(': ping\n\n').length - 1).toBeGreaterThanOrEqual(3);
    expect(body.endsWith('c\r\ndata: done\n\n\r\n0\r\n\r\n')).toBe(true);
    expect(entry.closes).toBe(1);
  });

  it('closes once when the client leaves, and sends nothing after', async () => {
    server = await sseServer();
    const client = rawRequest(server.port, '1.1');
    const entry = await server.next();
    client.socket.destroy();
    await until(() => entry.connection.isClosed);
    expect(entry.closes).toBe(1);
    expect(entry.connection.send(encodeSseText('data: x\n\n'))).toBe(false);
    entry.connection.close(true);
    expect(entry.closes).toBe(1);
  });

  it('starts no idle timer for an event seen after it closed (nothing would clear it)', async () => {
    server = await sseServer({ idleTimeoutMs: 300_000 });
    const client = rawRequest(server.port, '1.1');
    const entry = await server.next();
    client.socket.destroy();
    await until(() => entry.connection.isClosed);
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    entry.connection.eventSeen();
    expect(timers()).toBe(before);
  });

  it('answers false once a client stops reading, and calls back when it caught up', async () => {
    server = await sseServer();
    const client = rawRequest(server.port, '1.1');
    const { connection } = await server.next();
    client.socket.pause();
    const big = encodeSseText(`data: ${'x'.repeat(1 << 20)}\n\n`);
    let sent = 0;
    while (connection.send(big)) {
      sent += 1;
      if (sent > 200) throw new Error('the socket never filled');
    }
    let drained = false;
    connection.whenDrained(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drained).toBe(false);
    client.socket.resume();
    await until(() => drained);
    expect(connection.isClosed).toBe(false);
    connection.close(false);
  });
});
