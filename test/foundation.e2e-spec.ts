import { DustAPI } from '@dust-tt/client';
import { call, startTestApp, type TestApp } from './support/test-app';

describe('foundation: workspaces, keys, auth and errors over HTTP', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace('Acme'));
  });
  afterAll(() => t.close());

  describe.each([
    ['public', (w: string) => `/api/v1/w/${w}/spaces`],
    ['private', (w: string) => `/api/w/${w}`],
  ])('auth on the %s family', (_family, path) => {
    it('answers 401 without an Authorization header', async () => {
      const res = await call(t.baseUrl, 'GET', path(workspaceId));
      expect(res.status).toBe(401);
      expect(res.body.error.type).toBe('missing_authorization_header_error');
    });

    it('answers 401 for a malformed header', async () => {
      for (const header of ['Basic abc', 'Bearer', 'Bearer not-a-key', 'sk-123']) {
        const res = await call(t.baseUrl, 'GET', path(workspaceId), { headers: { authorization: header } });
        expect(res.status).toBe(401);
        expect(res.body.error.type).toBe('malformed_authorization_header_error');
      }
    });

    it('answers 401 for an unknown key', async () => {
      const res = await call(t.baseUrl, 'GET', path(workspaceId), { key: 'sk-00000000000000000000000000000000' });
      expect(res.status).toBe(401);
      expect(res.body.error.type).toBe('invalid_api_key_error');
    });

    it('answers 401 workspace_auth_error for a key of another workspace', async () => {
      const other = await t.createWorkspace('Other');
      const res = await call(t.baseUrl, 'GET', path(workspaceId), { key: other.apiKey });
      expect(res.status).toBe(401);
      expect(res.body.error.type).toBe('workspace_auth_error');
    });

    it('answers 404 workspace_not_found for an unknown workspace', async () => {
      const res = await call(t.baseUrl, 'GET', path('NoSuchWs00'), { key: adminKey });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ type: 'workspace_not_found', message: expect.any(String) });
    });

    it('accepts the bearer scheme case-insensitively', async () => {
      const res = await call(t.baseUrl, 'GET', path(workspaceId), { headers: { authorization: `bearer ${adminKey}` } });
      expect(res.status).toBe(200);
    });
  });

  it('lists the global and conversations spaces through the official client', async () => {
    const client = new DustAPI({ url: t.baseUrl }, { workspaceId, apiKey: adminKey }, console);
    const result = await client.getSpaces();
    expect(result.isOk()).toBe(true);
    if (!result.isOk()) return;
    expect(result.value.map((s) => s.kind).sort()).toEqual(['conversations', 'global']);
    for (const space of result.value) expect(space.sId).toMatch(/^vlt_[A-Za-z0-9]{10,}$/);
  });

  it('returns the workspace in the 2.3 shape with the caller role', async () => {
    const res = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}`, { key: adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      workspace: {
        id: expect.any(Number),
        sId: workspaceId,
        name: 'Acme',
        role: 'admin',
        regionalModelsOnly: false,
        segmentation: null,
        whiteListedProviders: null,
        defaultEmbeddingProvider: null,
        ssoEnforced: false,
        metadata: null,
      },
    });
    const userKey = await t.createKey(workspaceId, 'user', 'bob@example.com');
    const asUser = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}`, { key: userKey });
    expect(asUser.body.workspace.role).toBe('user');
  });

  it('changes each setting group and answers with the new values', async () => {
    const updates: Array<[object, object]> = [
      [{ name: 'Acme Corp' }, { name: 'Acme Corp' }],
      [{ ssoEnforced: true }, { ssoEnforced: true }],
      [
        { whiteListedProviders: ['openai', 'mistral'], defaultEmbeddingProvider: 'openai' },
        { whiteListedProviders: ['openai', 'mistral'], defaultEmbeddingProvider: 'openai' },
      ],
      [{ regionalModelsOnly: true }, { regionalModelsOnly: true }],
      [{ segmentation: 'interesting' }, { segmentation: 'interesting' }],
      [{ metadata: { plan: 'pro', seats: 3 } }, { metadata: { plan: 'pro', seats: 3 } }],
    ];
    for (const [body, expected] of updates) {
      const res = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key: adminKey, body });
      expect(res.status).toBe(200);
      expect(res.body.workspace).toMatchObject(expected);
    }
    const res = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}`, { key: adminKey });
    expect(res.body.workspace).toMatchObject({ name: 'Acme Corp', ssoEnforced: true, regionalModelsOnly: true, segmentation: 'interesting' });
  });

  it('rejects settings changes from non-admin keys with 403 and bad bodies with 400', async () => {
    for (const role of ['builder', 'user'] as const) {
      const key = await t.createKey(workspaceId, role);
      const res = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key, body: { name: 'Hijack' } });
      expect(res.status).toBe(403);
      expect(res.body.error.type).toBe('workspace_auth_error');
      // The role is checked before the body: a non-admin learns nothing about valid settings.
      expect((await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key, body: { ssoEnforced: 'yes' } })).status).toBe(403);
    }
    for (const body of [{}, { name: '' }, { name: 'a', ssoEnforced: true }, { ssoEnforced: 'yes' }, { whiteListedProviders: ['openai'] }, [1]]) {
      const res = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key: adminKey, body });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
    }
    const res = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}`, { key: adminKey });
    expect(res.body.workspace.name).not.toBe('Hijack');
  });

  it('answers malformed JSON with 400 invalid_request_error', async () => {
    const res = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key: adminKey, rawBody: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_request_error');
  });

  it('answers a plain body declared as gzip with 400 invalid_request_error, and the next write works', async () => {
    const headers = { 'content-encoding': 'gzip' };
    const res = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key: adminKey, rawBody: '{"name": "Gzip"}', headers });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_request_error');
    expect((await call(t.baseUrl, 'POST', `/api/w/${workspaceId}`, { key: adminKey, body: { ssoEnforced: false } })).status).toBe(200);
  });

  it('answers an oversized body with 413 in the envelope', async () => {
    const small = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
    try {
      const ws = await small.createWorkspace();
      const res = await call(small.baseUrl, 'POST', `/api/w/${ws.workspaceId}`, { key: ws.apiKey, body: { metadata: { blob: 'x'.repeat(5000) } } });
      expect(res.status).toBe(413);
      expect(res.body.error.type).toBe('content_too_large');
    } finally {
      await small.close();
    }
  });

  it('answers an unknown route with 404 and a wrong method with 405, both in the envelope', async () => {
    const unknown = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/nothing-here`, { key: adminKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ type: 'not_found', message: expect.any(String) });
    const wrong = await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}`, { key: adminKey });
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.type).toBe('method_not_supported_error');
    expect(wrong.headers.get('allow')).toBe('GET, POST');
  });

  it('echoes a request id and serves health and readiness without a key', async () => {
    const health = await call(t.baseUrl, 'GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBe('abc-123');
    const ready = await call(t.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ eventStore: 'up', readStore: 'up', projector: { lagEvents: 0 } });
  });
});
