import { scrapeMetrics, valueOf } from './support/prometheus-text';
import { call, startTestApp, type TestApp } from './support/test-app';

// Tiny budgets: 3 requests per key and 5 per workspace a minute, 4 failed authentications per
// address a minute. One proxy hop is trusted, so each test speaks from an address of its own
// through X-Forwarded-For.
const ENV = {
  RATE_LIMIT_PER_KEY: '3/1m',
  RATE_LIMIT_PER_WORKSPACE: '5/1m',
  RATE_LIMIT_AUTH_FAILURES: '4/1m',
  TRUST_PROXY_HOPS: '1',
};

const FAMILIES = [
  ['public', (workspaceId: string) => `/api/v1/w/${workspaceId}/spaces`],
  ['private', (workspaceId: string) => `/api/w/${workspaceId}/spaces`],
] as const;

let nextAddress = 1;
/** A client address of its own, so budgets per address never leak from one test to another. */
function newAddress(): Record<string, string> {
  return { 'x-forwarded-for': `198.51.100.${nextAddress++}` };
}

function expectRateLimited(response: { status: number; body: any; headers: Headers }, messagePart: string, maxRetryAfterSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: { type: 'rate_limit_error', message: expect.stringContaining(messagePart) } });
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxRetryAfterSeconds);
}

describe('rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(ENV);
  });
  afterAll(() => t.close());

  describe.each(FAMILIES)('on the %s family', (_family, path) => {
    it('refuses a key over its budget with 429, Retry-After and the envelope; another key of the workspace is still served', async () => {
      const { workspaceId, apiKey } = await t.createWorkspace();
      const headers = newAddress();
      for (let i = 0; i < 3; i += 1) expect((await call(t.baseUrl, 'GET', path(workspaceId), { key: apiKey, headers })).status).toBe(200);
      // 3 a minute: one request comes back every 20 s.
      expectRateLimited(await call(t.baseUrl, 'GET', path(workspaceId), { key: apiKey, headers }), 'API key', 20);

      const otherKey = await t.createKey(workspaceId, 'builder');
      expect((await call(t.baseUrl, 'GET', path(workspaceId), { key: otherKey, headers })).status).toBe(200);
    });

    it('refuses a workspace over its budget whatever the key; another workspace is still served', async () => {
      const { workspaceId, apiKey } = await t.createWorkspace();
      const keys = [apiKey, await t.createKey(workspaceId, 'user'), await t.createKey(workspaceId, 'builder')];
      const headers = newAddress();
      const statuses: number[] = [];
      for (const key of keys) for (let i = 0; i < 2; i += 1) statuses.push((await call(t.baseUrl, 'GET', path(workspaceId), { key, headers })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // 5 a minute: one request comes back every 12 s.
      expectRateLimited(await call(t.baseUrl, 'GET', path(workspaceId), { key: keys[2], headers }), 'workspace', 12);

      const other = await t.createWorkspace();
      expect((await call(t.baseUrl, 'GET', path(other.workspaceId), { key: other.apiKey, headers })).status).toBe(200);
    });

    it('counts failed authentications per address, and past the budget refuses further failures with 429 while a valid key from there is served', async () => {
      const { workspaceId, apiKey } = await t.createWorkspace();
      const foreign = await t.createWorkspace();
      const headers = newAddress();
      const failures = [
        await call(t.baseUrl, 'GET', path(workspaceId), { headers }),
        await call(t.baseUrl, 'GET', path(workspaceId), { headers: { ...headers, authorization: 'Bearer not-a-key' } }),
        await call(t.baseUrl, 'GET', path(workspaceId), { key: 'sk-00000000000000000000000000000000', headers }),
        await call(t.baseUrl, 'GET', path(workspaceId), { key: foreign.apiKey, headers }),
      ];
      expect(failures.map((response) => response.body.error.type)).toEqual([
        'missing_authorization_header_error',
        'malformed_authorization_header_error',
        'invalid_api_key_error',
        'workspace_auth_error',
      ]);
      // 4 a minute: one failing attempt comes back every 15 s; until then every failure is a 429,
      // whatever it failed on, so a sprayer learns nothing more.
      expectRateLimited(await call(t.baseUrl, 'GET', path(workspaceId), { key: 'sk-11111111111111111111111111111111', headers }), 'failed authentications', 15);
      expectRateLimited(await call(t.baseUrl, 'GET', path(workspaceId), { headers }), 'failed authentications', 15);
      expectRateLimited(await call(t.baseUrl, 'GET', path(workspaceId), { key: foreign.apiKey, headers }), 'failed authentications', 15);
      // A valid key behind the same address (a team behind one proxy) is still served.
      expect((await call(t.baseUrl, 'GET', path(workspaceId), { key: apiKey, headers })).status).toBe(200);
      expect((await call(t.baseUrl, 'GET', path(workspaceId), { key: apiKey, headers: newAddress() })).status).toBe(200);
    });
  });

  it('never limits health checks, metrics or the API documents, even for a refused address', async () => {
    const { workspaceId } = await t.createWorkspace();
    const headers = newAddress();
    for (let i = 0; i < 4; i += 1) await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { headers });
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { headers })).status).toBe(429);
    for (const open of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
      const statuses = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await call(t.baseUrl, 'GET', open, { headers })).status);
      expect({ open, statuses }).toEqual({ open, statuses: Array(8).fill(200) });
    }
  });

  it('counts every refusal by the limit that refused it', async () => {
    const samples = await scrapeMetrics(t.baseUrl);
    // Both families: one key refusal, two workspace refusals, three address refusals each; one more address refusal above.
    expect(valueOf(samples, 'rate_limit_rejections_total', { limit: 'key' })).toBe(2);
    expect(valueOf(samples, 'rate_limit_rejections_total', { limit: 'workspace' })).toBe(4);
    expect(valueOf(samples, 'rate_limit_rejections_total', { limit: 'auth_failures' })).toBe(7);
  });
});

describe('rate limits turned off', () => {
  it('serves any number of requests and failed authentications', async () => {
    const t = await startTestApp({ RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off', RATE_LIMIT_AUTH_FAILURES: 'off' });
    try {
      const { workspaceId, apiKey } = await t.createWorkspace();
      for (let i = 0; i < 40; i += 1) expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}`)).status).toBe(401);
      for (let i = 0; i < 40; i += 1) expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}`, { key: apiKey })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('route budgets from configuration', () => {
  it('applies RATE_LIMIT_FILE_UPLOADS to upload requests and leaves the other routes to the workspace budget', async () => {
    const t = await startTestApp({ RATE_LIMIT_FILE_UPLOADS: '2/1m', RATE_LIMIT_DOCUMENT_UPSERTS: 'off' });
    try {
      const { workspaceId, apiKey } = await t.createWorkspace();
      const upload = { contentType: 'text/plain', fileName: 'a.txt', fileSize: 3, useCase: 'conversation' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key: apiKey, body: upload })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expectRateLimited(await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/files`, { key: apiKey, body: upload }), 'file_uploads', 30);
      expect((await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: apiKey })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
