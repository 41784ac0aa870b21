import { SetMetadata } from '@nestjs/common';
import type { RateBudget } from './rate-limiter.port';

/** A budget of its own that a route declares, counted per workspace on top of the key and workspace budgets. */
export interface RouteRateLimit {
  /** Names the bucket and the `limit` label of rejections (snake_case, fixed in the code). */
  readonly name: string;
  readonly budget: RateBudget;
}

export const ROUTE_RATE_LIMIT = 'routeRateLimit';

/**
 * Gives a route its own budget per workspace, such as the real service's 40 file upload requests
 * per minute: `@RateLimit({ name: 'file_uploads', budget: { limit: 40, windowMs: 60_000 } })`.
 */
export const RateLimit = (limit: RouteRateLimit): MethodDecorator => SetMetadata(ROUTE_RATE_LIMIT, limit);
