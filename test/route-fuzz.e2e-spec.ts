import fc from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { brokenJsonText, hostileLike, hostileQueryValue, hostileSegment, hostileValue, queryName, toJsonText } from './support/fuzz/hostile-values';
import { fill, fuzzRoutes, placeholdersOf, type FuzzIds, type FuzzRoute } from './support/fuzz/route-catalog';
import { call, startTestApp, type TestApp } from './support/test-app';

// Property-based: generated hostile requests against every route of both families. Whatever comes
// in, the answer is never a 5xx, a 4xx is always the error envelope, and the service still answers
// a normal request afterwards. Seeded and with a fixed number of runs, so a failure reproduces
// (fast-check prints the seed and the shrunk request).

const SEED = 20_261_123;
const REQUEST_TIMEOUT_MS = 20_000;

jest.setTimeout(120_000);

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

interface HostileRequest {
  readonly route: FuzzRoute;
  readonly path: string;
  readonly query?: string;
  readonly body?: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

describe('route fuzzing: hostile input never gets a 5xx', () => {
  let t: TestApp;
  let ids: FuzzIds;
  let key: string;
  const routes = fuzzRoutes();
  const bodyRoutes = routes.filter((route) => route.method !== 'GET');
  const queryRoutes = routes.filter((route) => route.method === 'GET');
  const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
    const workspace = await t.createWorkspace();
    key = await t.createKey(workspace.workspaceId, 'admin', 'ada@example.com');
    const conversations = `/api/w/${workspace.workspaceId}/assistant/conversations`;
    const created = await call(t.baseUrl, 'POST', conversations, {
      key,
      body: {
        message: { content: 'hi @dust', mentions: [{ configurationId: 'dust' }], context: { timezone: 'UTC' } },
        contentFragments: [{ title: 'notes', content: 'some notes', contentType: 'text/plain' }],
      },
    });
    const spare = await call(t.baseUrl, 'POST', conversations, { key, body: {} });
    const agent = await call(t.baseUrl, 'POST', `/api/w/${workspace.workspaceId}/assistant/agent_configurations`, {
      key,
      body: { assistant: { name: 'fuzz-target', description: 'd', model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0 } } },
    });
    const content = created.body.conversation.content.flat();
    ids = {
      workspaceId: workspace.workspaceId,
      conversationId: created.body.conversation.sId,
      spareConversationId: spare.body.conversation.sId,
      userMessageId: created.body.message.sId,
      agentMessageId: content.find((m: any) => m.type === 'agent_message').sId,
      fragmentMessageId: content.find((m: any) => m.type === 'content_fragment').sId,
      agentId: agent.body.agentConfiguration.sId,
    };
  });

  afterAll(() => t.close());

  afterEach(async () => {
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${ids.workspaceId}/assistant/conversations`, { key })).status).toBe(200);
    expect((await call(t.baseUrl, 'POST', `/api/v1/w/${ids.workspaceId}/assistant/conversations`, { key, body: { title: 'still here' } })).status).toBe(200);
    // The api runs in this process: nothing it parsed may have reached Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  });

  async function send(request: HostileRequest): Promise<Answer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const url = `${t.baseUrl}${request.path}${request.query ? `?${request.query}` : ''}`;
      const headers = { authorization: `Bearer ${key}`, ...request.headers };
      const res = await fetch(url, { method: request.route.method, headers, body: request.body, signal: controller.signal });
      const contentType = res.headers.get('content-type') ?? '';
      // A stream that opened is an answer; nothing more is needed from it.
      if (contentType.startsWith('text/event-stream')) {
        controller.abort();
        return { status: res.status, contentType, text: '' };
      }
      return { status: res.status, contentType, text: await res.text() };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Never a 5xx; a 4xx is exactly `{error: {type, message}}` with two strings. */
  function expectSafeAnswer(request: HostileRequest, answer: Answer): void {
    const seen = { route: `${request.route.method} ${request.route.path}`, status: answer.status };
    expect({ ...seen, below500: answer.status < 500 }).toEqual({ ...seen, below500: true });
    if (answer.status < 400) return;
    expect({ ...seen, contentType: answer.contentType }).toEqual({ ...seen, contentType: expect.stringMatching(/^application\/json/) });
    const body: unknown = JSON.parse(answer.text);
    expect({ ...seen, body }).toEqual({ ...seen, body: { error: { type: expect.any(String), message: expect.any(String) } } });
    expect(Object.keys(body as object)).toEqual(['error']);
  }

  const run = (request: HostileRequest) => send(request).then((answer) => expectSafeAnswer(request, answer));

  it('survives hostile JSON bodies: one field of a valid body replaced, whole bodies, broken text', async () => {
    const mutated = fc.tuple(fc.constantFrom(...bodyRoutes), fc.nat()).chain(([route, pick]) => {
      const copy = structuredClone(route.body ?? {});
      const [holder, key] = pickPlace(copy, pick);
      return hostileLike(Object.getOwnPropertyDescriptor(holder, key)?.value).map((value) => {
        const mutatedCopy = structuredClone(copy);
        const [target] = pickPlace(mutatedCopy, pick);
        // defineProperty, not assignment: a key named __proto__ must stay a key.
        Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
        return { route, text: toJsonText(mutatedCopy) };
      });
    });
    const whole = fc.tuple(fc.constantFrom(...bodyRoutes), hostileValue).map(([route, value]) => ({ route, text: toJsonText(value) }));
    const broken = fc.tuple(fc.constantFrom(...bodyRoutes), brokenJsonText).map(([route, text]) => ({ route, text }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutated, whole, broken), async ({ route, text }) => {
        await run({ route, path: fill(route.path, ids), body: Buffer.from(fill(text, ids)), headers: { 'content-type': 'application/json' } });
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('survives odd content types, charsets and encodings', async () => {
    const contentTypes = fc.constantFrom('application/json', 'application/json; charset=utf-16le', 'application/json; charset=latin1', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '');
    const encodings = fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'gzip, br', 'compress', 'GZIP', '');
    const compress = fc.constantFrom('none', 'right', 'truncated');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), contentTypes, encodings, compress, hostileValue, async (route, contentType, encoding, how, value) => {
        const text = fill(toJsonText(route.body && how === 'right' ? route.body : value), ids);
        const plain = contentType.includes('utf-16le') ? Buffer.from(text, 'utf16le') : Buffer.from(text);
        const encoded = how === 'none' ? plain : encode(encoding, plain);
        const body = how === 'truncated' ? encoded.subarray(0, Math.floor(encoded.length / 2)) : encoded;
        await run({ route, path: fill(route.path, ids), body, headers: { 'content-type': contentType, 'content-encoding': encoding } });
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('survives hostile query strings on every GET route', async () => {
    const route = fc.constantFrom(...queryRoutes);
    const query = route.chain((picked) =>
      fc.tuple(fc.constant(picked), fc.array(fc.tuple(queryName(picked.query ?? []), hostileQueryValue), { minLength: 1, maxLength: 5 })),
    );
    await fc.assert(
      fc.asyncProperty(query, async ([picked, params]) => {
        const text = params.map(([name, value]) => `${encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value)}`).join('&');
        await run({ route: picked, path: fill(picked.path, ids), query: text });
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('survives hostile ids in paths', async () => {
    const withIds = routes.filter((route) => placeholdersOf(route.path).some((name) => name !== 'workspaceId'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withIds), fc.nat(), hostileSegment, async (route, pick, segment) => {
        const names = placeholdersOf(route.path).filter((name) => name !== 'workspaceId');
        const replaced = new Map([[names[pick % names.length], encodeURIComponent(segment)]]);
        const body = route.method === 'GET' ? undefined : Buffer.from(fill(toJsonText(route.body ?? {}), ids));
        await run({ route, path: fill(route.path, ids, replaced), body, headers: { 'content-type': 'application/json' } });
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

/** One of the places of a value (a key it has, or a new one in some object), the same for the same `pick`. */
function pickPlace(root: object, pick: number): [object, string] {
  const places = placesOf(root);
  return places[pick % places.length];
}

/** Every (object or array, key) of a value, plus a new key in each object, in a stable order. */
function placesOf(root: object): [object, string][] {
  const places: [object, string][] = [];
  const pending: unknown[] = [root];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    for (const [key, child] of Object.entries(next)) {
      places.push([next, key]);
      pending.push(child);
    }
    if (!Array.isArray(next)) places.push([next, 'extra']);
  }
  return places;
}

function encode(encoding: string, body: Buffer): Buffer {
  switch (encoding.toLowerCase()) {
    case 'gzip':
      return gzipSync(body);
    case 'deflate':
      return deflateSync(body);
    case 'br':
      return brotliCompressSync(body);
    default:
      return body;
  }
}
