import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { modelFetch, modelFetchIgnoring } from './model-fetch';

describe('modelFetch', () => {
  let server: Server;
  let baseUrl: string;
  let handle: (request: IncomingMessage, body: string, response: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => handle(request, body, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and JSON body, and returns status, headers and body', async () => {
    let seen: { method?: string; auth?: string; type?: string; length?: string; body?: string } = {};
    handle = (request, body, response) => {
      seen = { method: request.method, auth: request.headers.authorization, type: request.headers['content-type'], length: request.headers['content-length'], body };
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' });
      response.end('{"ok":true}');
    };
    const body = JSON.stringify({ input: 'héllo' });
    const response = await modelFetch(`${baseUrl}/v1/responses`, {
      method: 'POST',
      headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
      body,
    });
    expect(seen).toEqual({ method: 'POST', auth: 'Bearer k', type: 'application/json', length: String(Buffer.byteLength(body)), body });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    await expect(response.json()).resolves.toEqual({ ok: true });
  });

  it('streams the body as it arrives (server-sent events)', async () => {
    let finish: () => void = () => undefined;
    handle = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      finish = () => response.end('data: two\n\n');
    };
    const response = await modelFetch(`${baseUrl}/stream`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('data: one\n\n');
    finish();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString();
    expect(rest).toBe('data: two\n\n');
  });

  it('returns an error status with its body, as fetch does', async () => {
    handle = (_request, _body, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end('{"error":{"message":"slow down"}}');
    };
    const response = await modelFetch(`${baseUrl}/v1/responses`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    await expect(response.text()).resolves.toContain('slow down');
  });

  it('rejects a connection failure with TypeError "fetch failed", which the AI SDK retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = modelFetch(`http://127.0.0.1:${port}/v1/responses`, { method: 'POST', body: '{}' });
    await expect(failure).rejects.toBeInstanceOf(TypeError);
    await expect(failure).rejects.toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('rejects with the signal reason when aborted before or while waiting for the answer', async () => {
    handle = () => undefined; // never answers
    const before = new AbortController();
    before.abort(new Error('stopped before'));
    await expect(modelFetch(`${baseUrl}/x`, { method: 'POST', body: '{}', signal: before.signal })).rejects.toThrow('stopped before');
    const during = new AbortController();
    const pending = modelFetch(`${baseUrl}/x`, { method: 'POST', body: '{}', signal: during.signal });
    setTimeout(() => during.abort(new Error('stopped while waiting')), 20);
    await expect(pending).rejects.toThrow('stopped while waiting');
  });

  it.each([
    ['modelFetch', modelFetch],
    ['modelFetchIgnoring', modelFetchIgnoring(new Set(['skipped']))],
  ])('errors the body stream when aborted while the answer streams (%s)', async (_name, send) => {
    handle = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
    };
    const controller = new AbortController();
    const response = await send(`${baseUrl}/stream`, { method: 'POST', body: '{}', signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort(new Error('cancelled'));
    await expect(reader.read()).rejects.toBeDefined();
  });

  it('leaves bodies it does not send itself to the global fetch', async () => {
    let seenType: string | undefined;
    handle = (request, _body, response) => {
      seenType = request.headers['content-type'];
      response.end('ok');
    };
    const form = new FormData();
    form.set('file', new Blob(['abc']), 'a.txt');
    const response = await modelFetch(`${baseUrl}/upload`, { method: 'POST', body: form });
    await expect(response.text()).resolves.toBe('ok');
    expect(seenType).toMatch(/^multipart\/form-data; boundary=/);
  });

  describe('modelFetchIgnoring', () => {
    const ignoring = modelFetchIgnoring(new Set(['skipped']));
    const events = 'event: kept\ndata: 1\n\nevent: skipped\ndata: 2\n\nevent: kept\ndata: 3\n\n';
    it.each([
      ['leaves the events of the ignored types out of an event stream', 'text/event-stream; charset=utf-8', 'event: kept\ndata: 1\n\nevent: kept\ndata: 3\n\n'],
      ['leaves any other answer as it is', 'application/json', events],
    ])('%s', async (_title, contentType, expected) => {
      handle = (_request, _body, response) => {
        response.writeHead(200, { 'content-type': contentType });
        response.end(events);
      };
      const response = await ignoring(`${baseUrl}/stream`, { method: 'POST', body: '{}' });
      await expect(response.text()).resolves.toBe(expected);
    });
  });
});
