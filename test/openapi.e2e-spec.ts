import type { NestExpressApplication } from '@nestjs/platform-express';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { call, startTestApp, type TestApp } from './support/test-app';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const METRICS_PATH = '/metrics';
/** Where the document and the Swagger UI page are served. */
const API_DOCS = { document: '/openapi.json', page: '/docs' } as const;
/** The features operations are tagged by, as the document declares them. */
const TAG_NAMES = ['health', 'workspaces', 'conversations', 'agents', 'data_sources', 'mcp', 'skills', 'files', 'members', 'people', 'subscriptions', 'audit', 'consumption'];
/** Routes that sign someone in, or tell a sign-in page how: they take no credentials. */
const SIGN_IN_ROUTES = ['POST /api/auth/sign-in', 'POST /api/auth/links/use', 'GET /api/auth/providers', 'GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback'];
/** Routes that answer a browser with a redirect (302) and no success body. */
const REDIRECT_ROUTES = ['GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback'];
/** Routes where a signed-in browser's session cookie counts as well as a bearer key or token. */
const SESSION_PATHS = /^\/api\/(w|auth|user)\//;
/** Routes that also serve someone presenting no credentials (accepting an invitation with a new account). */
const ANONYMOUS_OR_SIGNED_IN_ROUTES = ['POST /api/auth/invitations/accept'];
/** Event streams that answer once and close: not resumable, so without `lastEventId` (unified search). */
const ONE_SHOT_STREAMS = ['GET /api/v1/w/{wId}/search', 'GET /api/w/{wId}/search'];
/** Routes whose success is 204 with no body. */
const NO_CONTENT_ROUTES = [
  'DELETE /api/v1/w/{wId}/files/{fileId}',
  'DELETE /api/w/{wId}/files/{fileId}',
  'POST /api/auth/sign-out',
  'POST /api/auth/sign-out-everywhere',
  'POST /api/auth/sessions/{sessionId}/revoke',
  'DELETE /api/user/tokens/{tokenId}',
  'DELETE /api/w/{wId}/members/{userId}',
  'DELETE /api/w/{wId}/invitations/{invitationId}',
  'DELETE /api/w/{wId}/keys/{keyId}',
];

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * Every (method, path) the running Express app routes, read from its router stack (what actually
 * answers requests, independent of the metadata @nestjs/swagger scans), as `GET /a/{id}`.
 */
function servedRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack?: RouteLayer[] } };
  const routes = new Set<string>();
  for (const layer of express.router?.stack ?? []) {
    if (!layer.route) continue;
    for (const path of [layer.route.path].flat()) {
      if (path === API_DOCS.document || path === API_DOCS.page || path.startsWith(`${API_DOCS.page}/`)) continue;
      // Prometheus text for operators, left out of the workspace API's document on purpose.
      if (path === METRICS_PATH) continue;
      // Only `:name` parameters are used; other Express 5 syntax would need its own translation.
      if (/[*{}()?]/.test(path)) throw new Error(`Route syntax this test cannot compare: ${path}`);
      for (const [method, enabled] of Object.entries(layer.route.methods)) {
        if (enabled && method !== '_all') routes.add(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
  }
  return [...routes].sort();
}

function documentedRoutes(document: any): string[] {
  return Object.entries<any>(document.paths)
    .flatMap(([path, item]) => METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

function operations(document: any): { route: string; path: string; operation: any }[] {
  return Object.entries<any>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ route: `${method.toUpperCase()} ${path}`, path, operation: item[method] })),
  );
}

/** The validator is ESM only: run it in its own Node process rather than through jest's CommonJS. */
function validateOpenApi(document: unknown): { valid: boolean; version: string; errors?: unknown } {
  const script = [
    "import { Validator } from '@seriousme/openapi-schema-validator';",
    "let input = '';",
    'for await (const chunk of process.stdin) input += chunk;',
    'const validator = new Validator();',
    'const result = await validator.validate(JSON.parse(input));',
    'process.stdout.write(JSON.stringify({ ...result, version: validator.version }));',
  ].join('\n');
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(__dirname, '..'),
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('OpenAPI document and docs page', () => {
  let t: TestApp;
  let document: any;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://conversations.example.test' });
    const res = await fetch(`${t.baseUrl}${API_DOCS.document}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    document = await res.json();
  });
  afterAll(() => t.close());

  it('serves a valid OpenAPI 3.1 document without an API key', () => {
    expect(document.openapi).toBe('3.1.0');
    const result = validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    expect(document.info).toMatchObject({ title: 'Workspace conversation service', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(document.servers).toEqual([{ url: 'https://conversations.example.test' }]);
  });

  it('documents exactly the routes the app serves, docs and metrics routes aside', () => {
    const served = servedRoutes(t.app);
    expect(served.length).toBeGreaterThan(40);
    expect(documentedRoutes(document)).toEqual(served);
    expect(document.paths[METRICS_PATH]).toBeUndefined();
  });

  it('lists both path families of a route, with unique readable operationIds', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // controller_handler_family: every operation was traced back to its controller handler.
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]*_[A-Za-z]+(_public|_private)?$/);
    expect(document.paths['/api/v1/w/{wId}/assistant/conversations'].post.operationId).toBe('conversations_create_public');
    expect(document.paths['/api/w/{wId}/assistant/conversations'].post.operationId).toBe('conversations_create_private');
    expect(document.paths['/healthz'].get.operationId).toBe('health_health');
  });

  it('types every path parameter as a required string and tags every operation by feature', () => {
    expect(document.tags.map((tag: { name: string }) => tag.name)).toEqual(TAG_NAMES);
    for (const tag of document.tags) expect(tag.description).toEqual(expect.any(String));
    for (const { route, path, operation } of operations(document)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((p: any) => p.in === 'path');
      expect({ route, params: declared.map((p: any) => [p.name, p.required, p.schema]) }).toEqual({
        route,
        params: names.map((name) => [name, true, { type: 'string' }]),
      });
      expect(TAG_NAMES).toContain(operation.tags[0]);
    }
    expect(document.paths['/api/v1/w/{wId}/assistant/agent_configurations/{sId}'].get.tags).toEqual(['agents']);
  });

  it('requires the bearer key on every operation but health and sign-in (or the session cookie where it counts), and documents the error envelope', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'sk-…' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'dust_session', description: expect.stringContaining('x-csrf-token') });
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { $ref: '#/components/schemas/Error' } },
    });
    expect(document.components.schemas.Error.properties).toMatchObject({ type: { type: 'string' }, message: { type: 'string' } });
    for (const { route, path, operation } of operations(document)) {
      const isHealth = path === '/healthz' || path === '/readyz';
      // A signed download URL carries its grant in the query: no key.
      const isSignedDownload = path === '/api/w/{wId}/files/{fileId}/signed';
      // A trigger's hook is called by another system: the secret in its path (and its signature) is the grant.
      const isTriggerHook = path === '/api/v1/w/{wId}/triggers/hooks/{tId}/{secret}';
      const credentials = SESSION_PATHS.test(path) ? [{ apiKey: [] }, { session: [] }] : [{ apiKey: [] }];
      const security = isHealth || isSignedDownload || isTriggerHook || SIGN_IN_ROUTES.includes(route) ? [] : ANONYMOUS_OR_SIGNED_IN_ROUTES.includes(route) ? [{}, ...credentials] : credentials;
      expect({ route, security: operation.security }).toEqual({ route, security });
      if (isSignedDownload) continue;
      const statuses = isHealth ? ['500'] : ['400', '401', '403', '404', '429', '500', '503'];
      for (const status of statuses) {
        const ref = operation.responses[status]?.$ref;
        expect({ route, status, ref }).toEqual({ route, status, ref: expect.stringMatching(/^#\/components\/responses\//) });
      }
    }
    expect(document.components.responses.NotFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(document.components.responses.TooManyRequests.headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 });
  });

  it('describes the success answer of every operation: a JSON body schema, an event stream, raw text, or no body', () => {
    const streams: string[] = [];
    const texts: string[] = [];
    const jsonLines: string[] = [];
    const empty: string[] = [];
    const binaries: string[] = [];
    for (const { route, operation } of operations(document)) {
      expect({ route, summary: typeof operation.summary === 'string' && operation.summary.length > 0 }).toEqual({ route, summary: true });
      const successes = Object.entries<any>(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (REDIRECT_ROUTES.includes(route)) {
        expect({ route, statuses: successes.map(([status]) => status), location: operation.responses['302']?.headers?.Location?.schema }).toEqual({
          route,
          statuses: [],
          location: { type: 'string' },
        });
        continue;
      }
      expect({ route, statuses: successes.map(([status]) => status) }).toEqual({ route, statuses: [NO_CONTENT_ROUTES.includes(route) ? '204' : '200'] });
      const content = successes[0][1].content;
      if (content?.['application/octet-stream']) {
        binaries.push(route);
        expect({ route, redirect: typeof operation.responses['302']?.description }).toEqual({ route, redirect: 'string' });
      } else if (!content) {
        empty.push(route);
      } else if (content['text/event-stream']) {
        streams.push(route);
        if (ONE_SHOT_STREAMS.includes(route)) {
          expect(operation.description).toMatch(/data: \{"knowledgeResults"/);
          continue;
        }
        const parameters = operation.parameters.map((p: any) => `${p.in} ${p.name}`);
        expect({ route, parameters }).toEqual({ route, parameters: expect.arrayContaining(['query lastEventId', 'header Last-Event-ID']) });
        expect(operation.description).toMatch(/data: \{"eventId"/);
      } else if (content['text/plain']) {
        texts.push(route);
        expect({ route, schema: content['text/plain'].schema }).toEqual({ route, schema: { type: 'string' } });
      } else if (content['application/jsonl']) {
        // JSON Lines (the audit export): one JSON document a line, described in words.
        jsonLines.push(route);
        expect({ route, schema: content['application/jsonl'].schema }).toEqual({ route, schema: { type: 'string' } });
      } else {
        const schema = content['application/json']?.schema;
        expect({ route, schema: schema?.$ref ?? schema?.type }).toEqual({ route, schema: expect.any(String) });
      }
    }
    expect(empty.sort()).toEqual(
      [
        'DELETE /api/w/{wId}/assistant/conversations/{cId}',
        'DELETE /api/v1/w/{wId}/spaces/{spaceId}/data_sources/{dsId}',
        'DELETE /api/w/{wId}/spaces/{spaceId}/data_sources/{dsId}',
        'DELETE /api/v1/w/{wId}/files/{fileId}',
        'DELETE /api/w/{wId}/files/{fileId}',
        ...['/api/v1/w/{wId}', '/api/w/{wId}'].flatMap((prefix) => [`DELETE ${prefix}/spaces/{spaceId}/data_sources/{dsId}/tables/{tableId}`, `DELETE ${prefix}/data_sources/{dsId}/tables/{tableId}`]),
        ...NO_CONTENT_ROUTES.filter((route) => !route.includes('/files/')),
      ].sort(),
    );
    expect(binaries.sort()).toEqual(['GET /api/v1/w/{wId}/files/{fileId}', 'GET /api/w/{wId}/files/{fileId}', 'GET /api/w/{wId}/files/{fileId}/signed'].sort());
    expect(texts).toEqual(['GET /api/w/{wId}/assistant/conversations/{cId}/messages/{mId}/raw_content_fragment']);
    expect(jsonLines).toEqual(['GET /api/w/{wId}/audit/export']);
    expect(streams.sort()).toEqual(
      ['/api/v1/w/{wId}', '/api/w/{wId}'].flatMap((prefix) => [
        `GET ${prefix}/assistant/conversations/{cId}/events`,
        `GET ${prefix}/assistant/conversations/{cId}/messages/{mId}/events`,
        `GET ${prefix}/mcp/requests`,
        `GET ${prefix}/search`,
      ]).concat(['GET /api/w/{wId}/subscriptions/{sId}/events']).sort(),
    );
    expect(document.paths['/api/w/{wId}/assistant/conversations/{cId}/messages/{mId}/events'].get.description).toContain('data: done');
    // /readyz answers 503 with the readiness body, not the error envelope.
    expect(document.paths['/readyz'].get.responses['503'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Readiness' });
  });

  it('resolves every $ref in the document', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
    expect(refs.length).toBeGreaterThan(100);
    const dangling = [...new Set(refs)].filter((ref) => {
      const target = ref.replace(/^#\//, '').split('/').reduce<any>((node, key) => node?.[key], document);
      return !ref.startsWith('#/') || target === undefined;
    });
    expect(dangling).toEqual([]);
  });

  it('serves the Swagger UI page with its assets from this server', async () => {
    const page = await fetch(`${t.baseUrl}${API_DOCS.page}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // No CDN: every script and stylesheet is a relative URL, served by the app itself.
    const assets = [...html.matchAll(/(?:src|href)=["']([^"']+)["']/g)].map((match) => match[1]);
    expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/swagger-ui-bundle\.js$/), expect.stringMatching(/swagger-ui\.css$/)]));
    expect(assets.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    for (const asset of assets.filter((url) => /swagger-ui-(bundle\.js|init\.js)$|swagger-ui\.css$/.test(url))) {
      const res = await fetch(new URL(asset, `${t.baseUrl}${API_DOCS.page}`));
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      if (asset.endsWith('swagger-ui-init.js')) expect(await res.text()).toContain('"openapi": "3.1.0"');
    }
  });

  it('keeps the key check, the 404 and the 405 envelopes for everything else', async () => {
    const { workspaceId } = await t.createWorkspace();
    const badKey = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: 'sk-00000000000000000000000000000000' });
    expect(badKey.status).toBe(401);
    expect(badKey.body.error).toEqual({ type: 'invalid_api_key_error', message: expect.any(String) });

    for (const path of ['/no/such/route', `${API_DOCS.page}/no-such-asset.js`, `${API_DOCS.page}/LICENSE`]) {
      const unknown = await call(t.baseUrl, 'GET', path);
      expect({ path, status: unknown.status, type: unknown.body.error?.type }).toEqual({ path, status: 404, type: 'not_found' });
    }

    const wrongMethod = await call(t.baseUrl, 'POST', API_DOCS.document, { body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect(wrongMethod.body.error.type).toBe('method_not_supported_error');
  });
});
