import { RouteIndex, type RouterLayer } from '../apps/api/src/common/http/route-index';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The route index may only leave out layers that cannot match: for paths made from every route
 * the app has (and from their near misses), the route layers that match in the index's view are
 * exactly those that match in the whole stack, in the same order.
 */
describe('route index over the app’s own routes', () => {
  let t: TestApp;
  let stack: RouterLayer[];

  beforeAll(async () => {
    t = await startTestApp();
    stack = (t.app.getHttpAdapter().getInstance() as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  });
  afterAll(() => t.close());

  /** Request paths built from each route's templates: parameters filled, then varied. */
  function samplePaths(): string[] {
    const paths = new Set<string>(['/', '/healthz', '/nothing/here', '/API/V1/W/x', '/api/v1/w/a%2Fb/assistant/conversations']);
    for (const layer of stack) {
      if (!layer.route) continue;
      for (const template of [layer.rawPath].flat()) {
        if (typeof template !== 'string') continue;
        const filled = template.replace(/:[A-Za-z_$][A-Za-z0-9_$]*/g, 'x1').replace(/\/+$/, '') || '/';
        for (const path of [filled, `${filled}/`, `${filled}//`, filled.toUpperCase(), `${filled}/extra`, filled.replace(/\/[^/]+$/, ''), filled.replace(/x1/g, '')]) paths.add(path);
        paths.add(`${filled}?limit=1`);
      }
    }
    return [...paths];
  }

  const matching = (layers: readonly RouterLayer[], path: string) => layers.filter((layer) => layer.route && layer.match(path.split('?')[0]!));

  it('gives every path the same matching routes as the whole stack, in the same order', () => {
    const index = new RouteIndex(stack);
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(1000);
    let narrowed = 0;
    for (const path of paths) {
      const view = index.layersFor(path);
      expect({ path, routes: matching(view, path) }).toEqual({ path, routes: matching(stack, path) });
      if (view.length < stack.length) narrowed += 1;
    }
    // Nearly every path is narrowed: only forms the index does not read go through every layer.
    expect(narrowed).toBeGreaterThan(paths.length * 0.95);
  });

  it('keeps every layer that is not a route, and routes any URL it cannot read through every layer', () => {
    const index = new RouteIndex(stack);
    const view = index.layersFor('/api/v1/w/x1/assistant/conversations/x1');
    expect(view.filter((layer) => !layer.route)).toEqual(stack.filter((layer) => !layer.route));
    expect(view.length).toBeLessThan(stack.length / 10);
    expect(index.layersFor('http://example.com/api/v1/w/x1/assistant/conversations')).toBe(stack);
    expect(index.layersFor('//evil/api')).toBe(stack);
  });

  it('answers through the router as before: a route, a 404, a 405 with its Allow header, a trailing slash, another case', async () => {
    const status = async (path: string, init?: RequestInit) => (await fetch(`${t.baseUrl}${path}`, init)).status;
    expect(await status('/healthz')).toBe(200);
    expect(await status('/healthz/')).toBe(200);
    expect(await status('/HEALTHZ')).toBe(200);
    expect(await status('/api/v1/nothing')).toBe(404);
    const wrongMethod = await fetch(`${t.baseUrl}/healthz`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
  });

  it('no longer covers a stack a layer was added to (the router then builds a new index)', () => {
    const grown = [...stack];
    const index = new RouteIndex(grown);
    expect(index.covers(grown)).toBe(true);
    grown.push(grown[0]!);
    expect(index.covers(grown)).toBe(false);
    expect(index.covers([...stack])).toBe(false);
  });
});
