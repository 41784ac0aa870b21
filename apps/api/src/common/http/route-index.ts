import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the index reads of an Express 5 router layer (router 2.x). */
export interface RouterLayer {
  /** The path templates the layer was made with (an array for a route with several paths). */
  readonly rawPath?: unknown;
  /** Set on the layers of routes (`app.get(path, …)`), which match their paths whole. */
  readonly route?: unknown;
  match(path: string): unknown;
}

interface Router {
  stack: RouterLayer[];
  handle(request: IncomingMessage, response: ServerResponse, callback: (error?: unknown) => void): void;
}

interface TrieNode {
  readonly literals: Map<string, TrieNode>;
  param: TrieNode | null;
  /** Indexes in the stack of the layers whose path ends here. */
  readonly layers: number[];
}

/** A segment that is one named parameter and nothing else: `:cId`. */
const PARAM_SEGMENT = /^:[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A segment path-to-regexp reads as plain text: no parameter, wildcard, group or escape in it. */
const LITERAL_SEGMENT = /^[A-Za-z0-9._~@%-]+$/;

/**
 * Which layers of the app's router can match a path. Express's router tries every layer in turn
 * until one matches: with some 300 routes, a request for one registered late paid for hundreds of
 * regular expressions (measured: 50 routes ahead of the one matched cost 12–19 µs per request, on a
 * request that costs the server about 150 µs). The index keeps the routes' paths in a tree of
 * segments (literal segments compared without case, as the router does, and parameters matching
 * any segment), and gives the router a view of its stack holding only the layers that can match:
 * every layer that is not a route (middlewares, mounted apps), every route whose path the tree
 * cannot read (wildcards, optional groups, regular expressions), and the routes the tree finds,
 * all in their order. The router still matches each of them itself: the view only leaves out
 * layers that could not have matched, so what answers a request does not change.
 */
export class RouteIndex {
  private readonly root: TrieNode = node();
  /** Layers every request must go through. */
  private readonly always: number[] = [];
  private readonly views = new Map<string, RouterLayer[]>();
  private readonly length: number;
  private readonly last: RouterLayer | undefined;

  constructor(private readonly stack: RouterLayer[]) {
    this.length = stack.length;
    this.last = stack[stack.length - 1];
    stack.forEach((layer, index) => {
      const templates = layer.route ? templatesOf(layer.rawPath) : null;
      if (!templates) this.always.push(index);
      else for (const segments of templates) this.insert(segments, index);
    });
  }

  /** Whether the index still describes `stack` (a route added since makes a new index). */
  covers(stack: RouterLayer[]): boolean {
    return stack === this.stack && stack.length === this.length && stack[stack.length - 1] === this.last;
  }

  /** The layers that can match `url` (a request's URL, query included), in stack order. */
  layersFor(url: string): RouterLayer[] {
    const path = pathOf(url);
    if (path === null) return this.stack;
    // Lower case once for the whole path: for ASCII letters it is what the router's matching
    // ignores; another character it maps to ASCII (the Kelvin sign) can only add a layer to try.
    const found: number[] = [];
    this.collect(this.root, segmentsOf(path.toLowerCase()), 0, found);
    if (found.length > 1) found.sort((a, b) => a - b);
    const key = found.join(',');
    let layers = this.views.get(key);
    if (!layers) {
      const indexes = [...new Set([...this.always, ...found])].sort((a, b) => a - b);
      layers = indexes.map((index) => this.stack[index]!);
      this.views.set(key, layers);
    }
    return layers;
  }

  private insert(segments: readonly string[], index: number): void {
    let at = this.root;
    for (const segment of segments) {
      if (PARAM_SEGMENT.test(segment)) at = at.param ??= node();
      else {
        const key = segment.toLowerCase();
        let next = at.literals.get(key);
        if (!next) {
          next = node();
          at.literals.set(key, next);
        }
        at = next;
      }
    }
    at.layers.push(index);
  }

  private collect(at: TrieNode, segments: readonly string[], depth: number, found: number[]): void {
    if (depth === segments.length) {
      for (const index of at.layers) if (!found.includes(index)) found.push(index);
      return;
    }
    const segment = segments[depth]!;
    const literal = at.literals.get(segment);
    if (literal) this.collect(literal, segments, depth + 1, found);
    // A parameter matches one or more characters up to the next slash.
    if (at.param && segment !== '') this.collect(at.param, segments, depth + 1, found);
  }
}

/**
 * Makes the app's router consult a RouteIndex (built on the first request, and again whenever
 * routes were added since). The router reads its stack once at the start of each request, from
 * the object it is called on: it is called on a view that inherits everything from the router but
 * its stack, so the router itself, and whoever reads its stack (the 405 answer's Allow header), see
 * every layer.
 */
export function routeThroughIndex(app: NestExpressApplication): void {
  const router = (app.getHttpAdapter().getInstance() as unknown as { router: Router }).router;
  const handle = router.handle;
  let index: RouteIndex | null = null;
  const views = new WeakMap<RouterLayer[], Router>();
  router.handle = function handleIndexed(request, response, callback) {
    if (!index?.covers(router.stack)) index = new RouteIndex(router.stack);
    const layers = index.layersFor(request.url ?? '');
    let view = views.get(layers);
    if (!view) {
      view = Object.create(router, { stack: { value: layers } }) as Router;
      views.set(layers, view);
    }
    return handle.call(view, request, response, callback);
  };
}

function node(): TrieNode {
  return { literals: new Map(), param: null, layers: [] };
}

/**
 * The segments of each of a route's path templates, or null when the tree cannot read one of them
 * (the layer is then tried for every request, as the router would).
 */
function templatesOf(rawPath: unknown): string[][] | null {
  const paths = Array.isArray(rawPath) ? rawPath : [rawPath];
  const templates: string[][] = [];
  for (const path of paths) {
    if (typeof path !== 'string' || !path.startsWith('/')) return null;
    // The router drops trailing slashes from a template and then accepts one on the request.
    const trimmed = path.replace(/\/+$/, '');
    if (trimmed === '') return null;
    const segments = trimmed.split('/').slice(1);
    if (!segments.every((segment) => PARAM_SEGMENT.test(segment) || LITERAL_SEGMENT.test(segment))) return null;
    templates.push(segments);
  }
  return templates;
}

/** The path of an origin-form request URL; null for any other form, which is then routed through every layer. */
function pathOf(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.includes('#') ? null : path;
}

/** The path's segments after its first slash, one trailing slash left out (the router accepts one). */
function segmentsOf(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}
