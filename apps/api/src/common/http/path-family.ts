import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The two path families of the API: `/api/v1/w/{wId}/…` (public) and `/api/w/{wId}/…` (private). */
export type PathFamily = 'public' | 'private';

/** Which family a request path belongs to. */
export function pathFamilyOf(path: string): PathFamily {
  return path.startsWith('/api/v1/') ? 'public' : 'private';
}

/**
 * Injects the path family of the request: a few rules differ between the families (the public one
 * requires `context.username`, the private one fills it from the key's member).
 */
export const Family = createParamDecorator((_: unknown, context: ExecutionContext): PathFamily =>
  pathFamilyOf(context.switchToHttp().getRequest<Request>().path),
);
