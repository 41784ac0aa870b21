import type { ExceptionFilter, NestMiddleware } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/**
 * Mounts the middlewares every request goes through as plain Express middlewares, in order, ahead
 * of every route. Nest's `consumer.apply(...).forRoutes('*path')` would do the same at about 12 µs
 * per middleware and request (a router layer matched for each, a WeakSet entry, an async proxy),
 * which on a 2-core server was a quarter of what answering a health check costs. A middleware's
 * error (thrown, rejected or passed to `next`) is answered by `filter`, the app's error envelope,
 * as Nest would have answered it.
 */
export function mountRequestMiddlewares(app: NestExpressApplication, middlewares: readonly NestMiddleware[], filter: ExceptionFilter): void {
  for (const middleware of middlewares) {
    app.use((request: Request, response: Response, next: NextFunction) => {
      const fail = (error: unknown) => filter.catch(error, new ExecutionContextHost([request, response, next]));
      try {
        const result: unknown = middleware.use(request, response, (error?: unknown) => (error === undefined ? next() : fail(error)));
        if (result instanceof Promise) result.catch(fail);
      } catch (error) {
        fail(error);
      }
    });
  }
}
