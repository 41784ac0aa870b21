import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, startTestApp, type TestApp } from './support/test-app';

// The web app as the api serves it from the build (dist/web, made by jest's global setup): pages,
// cached assets, security headers, and the API's own answers left as they were.

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

jest.setTimeout(30_000);

async function get(baseUrl: string, path: string, accept?: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: accept ? { accept } : {} });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** A GET whose path goes out exactly as written (fetch would resolve dot segments first). */
function rawGet(baseUrl: string, path: string, accept: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { accept } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectPageHeaders(headers: Headers): void {
  expect({
    type: headers.get('content-type'),
    csp: headers.get('content-security-policy'),
    nosniff: headers.get('x-content-type-options'),
    referrer: headers.get('referrer-policy'),
    frames: headers.get('x-frame-options'),
    cache: headers.get('cache-control'),
  }).toEqual({ type: 'text/html; charset=utf-8', csp: CSP, nosniff: 'nosniff', referrer: 'same-origin', frames: 'DENY', cache: 'no-cache' });
}

describe('the web app served by the api', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
  });

  afterAll(() => t.close());

  it('serves index.html at / with the security headers, whatever the Accept header', async () => {
    for (const accept of [HTML, '*/*', undefined]) {
      const page = await get(t.baseUrl, '/', accept);
      expect({ accept, status: page.status }).toEqual({ accept, status: 200 });
      expectPageHeaders(page.headers);
      expect(page.text).toContain('<div id="root"></div>');
    }
  });

  it('serves the hashed assets index.html names, cached for a year, from this origin only', async () => {
    const page = await get(t.baseUrl, '/', HTML);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    const bundles = assets.filter((asset) => asset.startsWith('/assets/'));
    expect(bundles.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(bundles.some((asset) => asset.endsWith('.css'))).toBe(true);
    // No CDN: every file the page loads is a path of this server.
    for (const asset of assets) expect(asset).toMatch(/^\/[^/]/);
    for (const asset of bundles) {
      const file = await get(t.baseUrl, asset);
      expect({ asset, status: file.status, cache: file.headers.get('cache-control'), nosniff: file.headers.get('x-content-type-options') }).toEqual({
        asset,
        status: 200,
        cache: 'public, max-age=31536000, immutable',
        nosniff: 'nosniff',
      });
      expect(file.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
  });

  it('answers any page path a browser opens with index.html, so the app can be reloaded and bookmarked anywhere', async () => {
    for (const path of ['/sign-in', '/reset-password', '/w/abc123', '/w/abc123/new?x=1', '/some/unknown/page']) {
      const page = await get(t.baseUrl, path, HTML);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expectPageHeaders(page.headers);
      expect(page.text).toContain('<div id="root"></div>');
    }
  });

  it('keeps the JSON 404 for requests that do not ask for a page, and for missing assets', async () => {
    for (const [path, accept] of [
      ['/w/abc123', undefined],
      ['/w/abc123', 'application/json'],
      ['/assets/missing-0000.js', HTML],
      ['/assets/missing-0000.js', '*/*'],
    ] as const) {
      const answer = await call(t.baseUrl, 'GET', path, accept ? { headers: { accept } } : {});
      expect({ path, accept, status: answer.status, type: answer.body?.error?.type }).toEqual({ path, accept, status: 404, type: 'not_found' });
    }
  });

  it('leaves the API, health, metrics and documentation paths to the service, even when a browser asks for HTML', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const unknownApi = await call(t.baseUrl, 'GET', '/api/nothing-here', { headers: { accept: HTML } });
    expect({ status: unknownApi.status, type: unknownApi.body.error?.type }).toEqual({ status: 404, type: 'not_found' });
    const unknownRoute = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/nothing-here`, { key: apiKey, headers: { accept: HTML } });
    expect({ status: unknownRoute.status, type: unknownRoute.body.error?.type }).toEqual({ status: 404, type: 'not_found' });
    const session = await call(t.baseUrl, 'GET', '/api/auth/session', { headers: { accept: HTML } });
    expect({ status: session.status, type: session.body.error?.type }).toEqual({ status: 401, type: 'missing_authorization_header_error' });
    expect((await call(t.baseUrl, 'GET', '/healthz', { headers: { accept: HTML } })).body).toEqual({ status: 'ok' });
    const openapi = await call(t.baseUrl, 'GET', '/openapi.json', { headers: { accept: HTML } });
    expect(openapi.body.openapi).toBe('3.1.0');
    const docs = await get(t.baseUrl, '/docs', HTML);
    expect(docs.text).toContain('swagger-ui');
    expect(docs.text).not.toContain('<div id="root"></div>');
    const metrics = await get(t.baseUrl, '/metrics', HTML);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const wrongMethod = await call(t.baseUrl, 'POST', '/', { headers: { accept: HTML }, body: {} });
    expect({ status: wrongMethod.status, type: wrongMethod.body.error?.type }).toEqual({ status: 404, type: 'not_found' });
  });

  it('serves nothing outside the build: dot segments and dotfiles are refused', async () => {
    const packageJson = readFileSync(join(__dirname, '..', 'package.json'), 'utf8');
    for (const path of ['/%2e%2e/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/.web-build-stamp']) {
      for (const accept of [HTML, '*/*']) {
        const answer = await rawGet(t.baseUrl, path, accept);
        expect({ path, accept, leaked: answer.text.includes(packageJson.slice(0, 40)) }).toEqual({ path, accept, leaked: false });
        if (accept === HTML && answer.status === 200) expect(answer.text).toContain('<div id="root"></div>');
        else expect({ path, accept, status: answer.status }).toEqual({ path, accept, status: 404 });
      }
    }
  });
});

describe('an api whose web app is not built', () => {
  it('still starts, answers the API, and says at / how to build the web app', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'wcs-no-web-'));
    const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', WEB_APP_DIR: empty });
    try {
      for (const path of ['/', '/sign-in']) {
        const answer = await call(t.baseUrl, 'GET', path, { headers: { accept: HTML } });
        expect({ path, status: answer.status, type: answer.body.error?.type }).toEqual({ path, status: 404, type: 'not_found' });
        expect(answer.body.error.message).toContain('npm run build:web');
      }
      expect((await call(t.baseUrl, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
