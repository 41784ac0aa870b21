import type { Request } from 'express';

interface RouteLayer {
  match(path: string): boolean;
  route?: { methods: Record<string, boolean> };
}

/** Methods for which a route matches this request's path (empty when no route matches at all). */
export function allowedMethods(request: Request): string[] {
  const stack = (request.app as unknown as { router?: { stack?: RouteLayer[] } }).router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !layer.match(request.path)) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && method !== '_all') methods.add(method.toUpperCase());
    }
  }
  return [...methods].sort();
}
