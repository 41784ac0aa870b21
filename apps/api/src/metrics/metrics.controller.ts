import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/http/api-error';
import { PublicRoute } from '../common/http/route-access';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { Metrics } from './metrics';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * `GET /metrics` in the Prometheus text format. Open like /healthz unless METRICS_TOKEN is set,
 * then only with that bearer token. No API key and no rate limit: a scraper must always get
 * through. Left out of the OpenAPI document, which describes the workspace API.
 */
@Controller()
@PublicRoute()
@ApiExcludeController()
export class MetricsController {
  private readonly tokenDigest: Buffer | null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.tokenDigest = config.metricsToken ? digest(config.metricsToken.reveal()) : null;
  }

  @Get('metrics')
  async scrape(@Req() request: ExpressRequest, @Res() response: ExpressResponse): Promise<void> {
    this.authorize(request);
    const { contentType, text } = await this.metrics.scrape();
    response.status(200).setHeader('Content-Type', contentType);
    response.end(text);
  }

  private authorize(request: ExpressRequest): void {
    if (!this.tokenDigest) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (token === undefined || !timingSafeEqual(digest(token), this.tokenDigest)) {
      throw new ApiError('not_authenticated', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>".');
    }
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
