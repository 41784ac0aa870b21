import type { ExceptionFilter, NestMiddleware } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/**
 * Mounts the middlewares every request goes through ahead of every route, as one Express
 * middleware that runs them in order. Nest's `consumer.apply(...).forRoutes('*path')` would cost
 * about 12 µs per middleware and request (a router layer matched for each, a WeakSet entry, an
 * async proxy), and even one Express layer each costs the router's bookkeeping; together that was
 * a quarter of what answering a health check cost. A middleware's error (thrown, rejected or passed
 * to `next`) is answered by `filter`, the app's error envelope, as Nest would have answered it,
 * and the middlewares after it do not run.
 */
export function mountRequestMiddlewares(app: NestExpressApplication, middlewares: readonly NestMiddleware[], filter: ExceptionFilter): void {
  app.use((request: Request, response: Response, next: NextFunction) => {
    const fail = (error: unknown) => filter.catch(error, new ExecutionContextHost([request, response, next]));
    const run = (index: number): void => {
      const middleware = middlewares[index];
      if (!middleware) return next();
      try {
        const result: unknown = middleware.use(request, response, (error?: unknown) => (error === undefined ? run(index + 1) : fail(error)));
        if (result instanceof Promise) result.catch(fail);
      } catch (error) {
        fail(error);
      }
    };
    run(0);
  });
}
