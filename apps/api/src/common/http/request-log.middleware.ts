import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { LOGGER } from '../logger';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives each request an id (kept from `X-Request-Id` when sane), echoes it, and logs the outcome. */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  use(request: Request & { requestId?: string }, response: Response, next: NextFunction): void {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    request.requestId = requestId;
    response.setHeader('X-Request-Id', requestId);
    // Below the info level nothing would be written: no listener, no timing.
    if (!this.logger.isLevelEnabled('info')) return next();
    const startedAt = process.hrtime.bigint();
    response.on('finish', () => {
      this.logger.info(
        {
          requestId,
          method: request.method,
          // Not request.path: a middleware mounted by Nest that answers itself (the web app's) sees it cut to "/".
          path: request.originalUrl.split('?', 1)[0],
          status: response.statusCode,
          durationMs: Number(process.hrtime.bigint() - startedAt) / 1e6,
        },
        'request completed',
      );
    });
    next();
  }
}
