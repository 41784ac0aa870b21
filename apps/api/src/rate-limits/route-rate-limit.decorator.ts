import { SetMetadata } from '@nestjs/common';
import type { RouteBudgetName } from '../config/rate-limit-settings';

export const ROUTE_RATE_LIMIT = 'routeRateLimit';

/**
 * Gives a route its own budget per workspace, counted on top of the key and workspace budgets,
 * such as the 40 file uploads a minute of `@RateLimit('file_uploads')`. The budget itself is
 * configuration (`RATE_LIMIT_FILE_UPLOADS`, …; see rate-limit-settings).
 */
export const RateLimit = (name: RouteBudgetName): MethodDecorator => SetMetadata(ROUTE_RATE_LIMIT, name);
