import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Metrics } from './metrics';

/** Route label of requests no route answered (unknown paths, wrong methods, bodies refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answered request and times it, labelled by the route template Express matched
 * (`/api/v1/w/:wId/assistant/conversations/:cId`), never the raw URL: ids would make a series per
 * conversation. Event streams are counted but not timed; their duration is the client's stay.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: Metrics) {}

  use(request: Request, response: Response, next: NextFunction): void {
    const startedAt = process.hrtime.bigint();
    // 'close' also fires when the client leaves before the answer ends, which 'finish' misses.
    response.on('close', () => {
      const labels = { method: request.method, route: routeTemplateOf(request), status: String(response.statusCode) };
      this.metrics.httpRequests.inc(labels);
      if (isEventStream(response)) return;
      this.metrics.httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - startedAt) / 1e9);
    });
    next();
  }
}

function routeTemplateOf(request: Request): string {
  const path: unknown = request.route?.path;
  return typeof path === 'string' ? path : UNMATCHED_ROUTE;
}

function isEventStream(response: Response): boolean {
  const contentType = response.getHeader('content-type');
  return typeof contentType === 'string' && contentType.startsWith('text/event-stream');
}
