import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { MAX_JSON_NESTING_DEPTH } from '@app/contracts/http/validation/json-text-bounds';
import { assistant } from './support/agent-assistant-body';
import { call, startTestApp, type TestApp } from './support/test-app';

// Repros of bad input that once answered 500 or reached the event log: each is a 4xx in the
// envelope now, on both path families, and the service keeps answering afterwards.

const context = { username: 'ada', timezone: 'UTC' };

/** `{"a":{"a":…1…}}`, `levels` objects deep, as text (JSON.stringify would overflow the stack first). */
const deepText = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function expectEnvelope(res: { status: number; body: any }, status: number, type = 'invalid_request_error'): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error: { type, message: expect.any(String) } } });
}

describe('hostile input over HTTP', () => {
  let t: TestApp;
  let w: string;
  let key: string;
  let userKey: string;
  let cId: string;
  let userMessageId: string;
  const families = () => [`/api/v1/w/${w}`, `/api/w/${w}`];

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
    ({ workspaceId: w, apiKey: key } = await t.createWorkspace());
    userKey = await t.createKey(w, 'user', 'ada@example.com');
    const created = await call(t.baseUrl, 'POST', `/api/w/${w}/assistant/conversations`, {
      key: userKey,
      body: { title: 'target', message: { content: 'hi', mentions: [], context } },
    });
    cId = created.body.conversation.sId;
    userMessageId = created.body.message.sId;
  });
  afterAll(() => t.close());

  afterEach(async () => {
    // Whatever was thrown at it, the service still answers a normal request.
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${w}/assistant/conversations/${cId}`, { key: userKey })).status).toBe(200);
  });

  describe(`JSON nested deeper than ${MAX_JSON_NESTING_DEPTH} levels`, () => {
    it.each([20_000, 1_000_000])('is a 400 at the door, %d levels deep, on every kind of JSON route and both families', async (levels) => {
      const deep = deepText(levels);
      const targets: [string, string, string][] = [
        ['POST', `/api/w/${w}`, `{"metadata":${deep}}`],
        ...families().flatMap((f): [string, string, string][] => [
          ['POST', `${f}/assistant/conversations`, `{"title":"x","metadata":${deep}}`],
          ['POST', `${f}/assistant/conversations`, `{"message":{"content":"x","context":{"username":"a","timezone":"UTC"},"mentions":[{"configurationId":"dust","x":${deep}}]}}`],
          ['POST', `${f}/assistant/conversations/${cId}/messages`, `{"content":"x","context":{"username":"a","timezone":"UTC"},"mentions":[${deep}]}`],
          ['PATCH', `${f}/assistant/conversations/${cId}`, `{"read":${deep}}`],
          // A route that reads no body still refuses one it would have to parse.
          ['POST', `${f}/assistant/conversations/${cId}/messages/${userMessageId}/retry`, deep],
        ]),
      ];
      for (const [method, path, rawBody] of targets) {
        const res = await call(t.baseUrl, method, path, { key: userKey, rawBody });
        expect({ method, path, status: res.status, body: res.body }).toEqual({
          method,
          path,
          status: 400,
          body: { error: { type: 'invalid_request_error', message: `Invalid request body: must not nest objects and arrays more than ${MAX_JSON_NESTING_DEPTH} levels deep` } },
        });
      }
    }, 30_000); // eleven 2 MB bodies: seconds on a busy machine

    it(`takes a body exactly ${MAX_JSON_NESTING_DEPTH} levels deep, brackets in strings not counted`, async () => {
      const within = `{"title":"[[[[{{{{\\"[[[[","extra":${deepText(MAX_JSON_NESTING_DEPTH - 1)}}`;
      expect((await call(t.baseUrl, 'POST', `/api/v1/w/${w}/assistant/conversations`, { key, rawBody: within })).status).toBe(200);
      const beyond = `{"title":"x","extra":${deepText(MAX_JSON_NESTING_DEPTH)}}`;
      expectEnvelope(await call(t.baseUrl, 'POST', `/api/v1/w/${w}/assistant/conversations`, { key, rawBody: beyond }), 400);
    });
  });

  describe('free-form fields', () => {
    it('bounds metadata (conversation and workspace) and mention keys by depth and size, naming the field', async () => {
      const cases: [string, string, unknown, string][] = [
        ['POST', `/api/w/${w}`, { metadata: JSON.parse(deepText(9)) }, 'at "metadata"'],
        ...families().flatMap((f): [string, string, unknown, string][] => [
          ['POST', `${f}/assistant/conversations`, { metadata: JSON.parse(deepText(9)) }, 'at "metadata"'],
          ['POST', `${f}/assistant/conversations`, { metadata: { blob: 'x'.repeat(17 * 1024) } }, 'must be at most 16 KiB of JSON at "metadata"'],
          ['POST', `${f}/assistant/conversations/${cId}/messages`, { content: 'x', context, mentions: [{ configurationId: 'dust', x: JSON.parse(deepText(9)) }] }, '"x" must not nest'],
        ]),
      ];
      for (const [method, path, body, expected] of cases) {
        const res = await call(t.baseUrl, method, path, { key, body });
        expect({ path, status: res.status, type: res.body.error?.type }).toEqual({ path, status: 400, type: 'invalid_request_error' });
        expect(res.body.error.message).toContain(expected);
      }
      expect((await call(t.baseUrl, 'POST', `/api/w/${w}`, { key, body: { metadata: JSON.parse(deepText(8)) } })).status).toBe(200);
    });
  });

  describe('bodies that do not decode as their Content-Encoding', () => {
    const plain = Buffer.from('{"title":"x","read":true}');
    const bodies: Record<string, Buffer> = {
      gzip: gzipSync(plain),
      deflate: deflateSync(plain),
      br: brotliCompressSync(plain),
    };

    it.each(['gzip', 'deflate', 'br'])('%s: a plain or truncated body is a 400 on POST and PATCH, both families', async (encoding) => {
      const variants = { plain, truncated: bodies[encoding].subarray(0, Math.max(1, bodies[encoding].length - 6)), garbage: Buffer.from([0x1f, 0x8b, 0, 1, 2, 3]) };
      for (const family of families()) {
        for (const [method, path] of [
          ['POST', `${family}/assistant/conversations`],
          ['PATCH', `${family}/assistant/conversations/${cId}`],
          ['POST', `${family}/assistant/conversations/${cId}/messages`],
        ]) {
          for (const [variant, body] of Object.entries(variants)) {
            const res = await fetch(`${t.baseUrl}${path}`, {
              method,
              headers: { authorization: `Bearer ${userKey}`, 'content-type': 'application/json', 'content-encoding': encoding },
              body,
            });
            const answer = { method, path, variant, status: res.status, body: await res.json() };
            expect(answer).toEqual({ method, path, variant, status: 400, body: { error: { type: 'invalid_request_error', message: expect.any(String) } } });
          }
        }
      }
    });

    it.each(['gzip', 'deflate', 'br'])('%s: a well-formed body still works', async (encoding) => {
      const res = await fetch(`${t.baseUrl}/api/v1/w/${w}/assistant/conversations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': encoding },
        body: bodies[encoding],
      });
      expect(res.status).toBe(200);
    });

    it('an unknown encoding or charset is a 400 too', async () => {
      const variants: Record<string, string>[] = [{ 'content-encoding': 'compress' }, { 'content-type': 'application/json; charset=klingon' }, { 'content-type': 'application/json; charset=utf-32' }];
      for (const headers of variants) {
        const res = await call(t.baseUrl, 'POST', `/api/v1/w/${w}/assistant/conversations`, { key, rawBody: '{"title":"x"}', headers });
        expectEnvelope(res, 400);
      }
    });
  });

  describe('reactions named like Object.prototype members', () => {
    it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf'])('%s is added, shown and removed like any emoji', async (reaction) => {
      const path = `/api/w/${w}/assistant/conversations/${cId}/messages/${userMessageId}/reactions`;
      expect((await call(t.baseUrl, 'POST', path, { key: userKey, body: { reaction } })).body).toEqual({ success: true });
      expect((await call(t.baseUrl, 'POST', path, { key: userKey, body: { reaction } })).status).toBe(200);
      const shown = async () => {
        const conversation = (await call(t.baseUrl, 'GET', `/api/w/${w}/assistant/conversations/${cId}`, { key: userKey })).body.conversation;
        return conversation.content.flat().find((m: any) => m.sId === userMessageId).reactions.map((r: any) => [r.emoji, r.users.length]);
      };
      expect(await shown()).toEqual([[reaction, 1]]);
      expect((await call(t.baseUrl, 'DELETE', path, { key: userKey, body: { reaction } })).body).toEqual({ success: true });
      expect((await call(t.baseUrl, 'DELETE', path, { key: userKey, body: { reaction } })).status).toBe(200);
      expect(await shown()).toEqual([]);
    });

    it('a message id named like one is a 404 on every message route, both families', async () => {
      for (const family of families()) {
        for (const mId of ['__proto__', 'toString', 'constructor']) {
          const base = `${family}/assistant/conversations/${cId}/messages/${mId}`;
          expectEnvelope(await call(t.baseUrl, 'POST', `${base}/retry`, { key: userKey }), 404, 'message_not_found');
          expectEnvelope(await call(t.baseUrl, 'POST', `${base}/edit`, { key: userKey, body: { content: 'x', mentions: [] } }), 404, 'message_not_found');
          expectEnvelope(await call(t.baseUrl, 'POST', `${base}/feedbacks`, { key: userKey, body: { thumbDirection: 'up' } }), 404, 'message_not_found');
        }
      }
    });
  });

  describe('numeric query parameters', () => {
    it.each(['9999999999999999', '9007199254740992', '1e16', '-1', '1.5', 'NaN', 'Infinity'])('%s as offset or limit is a 400 on both families', async (value) => {
      for (const family of families()) {
        for (const name of ['offset', 'limit']) {
          const res = await call(t.baseUrl, 'GET', `${family}/assistant/conversations?${name}=${value}`, { key: userKey });
          expectEnvelope(res, 400);
          expect(res.body.error.message).toContain(`at "${name}"`);
        }
      }
      expectEnvelope(await call(t.baseUrl, 'GET', `/api/w/${w}/assistant/agent_configurations/dust/history?limit=${value}`, { key }), 400);
    });

    it('the largest safe offset is an empty page, not an error', async () => {
      const res = await call(t.baseUrl, 'GET', `/api/v1/w/${w}/assistant/conversations?offset=${Number.MAX_SAFE_INTEGER}`, { key: userKey });
      expect(res.status).toBe(200);
      expect(res.body.conversations).toEqual([]);
    });

    it('a huge lastEventId is a 400 on both event streams', async () => {
      for (const family of families()) {
        expectEnvelope(await call(t.baseUrl, 'GET', `${family}/assistant/conversations/${cId}/events?lastEventId=99999999999999999999`, { key: userKey }), 400);
        expectEnvelope(await call(t.baseUrl, 'GET', `${family}/assistant/conversations/${cId}/messages/${userMessageId}/events?lastEventId=1e400`, { key: userKey }), 400);
      }
    });
  });

  describe("requests Node's HTTP parser refuses", () => {
    /** Writes raw bytes to the server and reads its whole answer (it closes the connection). */
    const raw = (request: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });

    it('answers a URL past the header size limit with 431 in the envelope', async () => {
      const res = await call(t.baseUrl, 'GET', `/api/v1/w/${w}/assistant/conversations?q=${'x'.repeat(64 * 1024)}`, { key: userKey });
      expectEnvelope(res, 431);
    });

    it('answers a malformed request line with 400 in the envelope', async () => {
      const answer = await raw('GET /a b c HTTP/9.9\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toContain('Content-Type: application/json');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: { type: 'invalid_request_error', message: expect.any(String) } });
    });
  });

  describe('agent pictures', () => {
    let sId: string;

    beforeAll(async () => {
      const created = await call(t.baseUrl, 'POST', `/api/w/${w}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: 'pictured' }) } });
      sId = created.body.agentConfiguration.sId;
    });

    it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/a.png', 'data:text/html,<b>x</b>'])('refuses %s on create and on update (both families), naming the field', async (pictureUrl) => {
      const create = await call(t.baseUrl, 'POST', `/api/w/${w}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: 'bad-picture', pictureUrl }) } });
      expectEnvelope(create, 400);
      expect(create.body.error.message).toContain('assistant.pictureUrl');
      for (const family of families()) {
        const update = await call(t.baseUrl, 'PATCH', `${family}/assistant/agent_configurations/${sId}`, { key, body: { assistant: assistant({ name: 'pictured', pictureUrl }) } });
        expectEnvelope(update, 400);
        expect(update.body.error.message).toContain('assistant.pictureUrl');
      }
    });

    it('takes https: and data:image/ URLs, and the default picture sent back as it was read', async () => {
      for (const pictureUrl of ['https://example.com/a.png', 'data:image/png;base64,iVBORw0KGgo=']) {
        const res = await call(t.baseUrl, 'PATCH', `/api/v1/w/${w}/assistant/agent_configurations/${sId}`, { key, body: { assistant: assistant({ name: 'pictured', pictureUrl }) } });
        expect(res.status).toBe(200);
        expect(res.body.agentConfiguration.pictureUrl).toBe(pictureUrl);
      }
      const lone = await call(t.baseUrl, 'POST', `/api/w/${w}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: 'default-picture', pictureUrl: undefined }) } });
      const read = lone.body.agentConfiguration;
      const resent = await call(t.baseUrl, 'PATCH', `/api/w/${w}/assistant/agent_configurations/${read.sId}`, { key, body: { assistant: assistant({ name: 'default-picture', pictureUrl: read.pictureUrl }) } });
      expect(resent.status).toBe(200);
    });
  });
});
