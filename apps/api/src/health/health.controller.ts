import type { HealthResponse, ReadinessResponse } from '@app/contracts/http/health.types';
import { HealthSchema, ReadinessSchema } from '@app/contracts/http/openapi/health.schema';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiServiceUnavailableResponse } from '@nestjs/swagger';
import type { Response as ExpressResponse } from 'express';
import { PublicRoute } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ReadinessCheck } from './readiness-check';

/** Liveness and readiness: stores reachable, and whether the read models keep up with the log. */
@Controller()
@PublicRoute()
export class HealthController {
  constructor(private readonly readiness: ReadinessCheck) {}

  @Get('healthz')
  @ApiSuccess('Liveness: the process answers', HealthSchema)
  health(): HealthResponse {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiSuccess('Readiness: both stores answer and the projector keeps up; failed events are reported, not fatal', ReadinessSchema)
  // Not the error envelope: a load balancer reads the same body either way.
  @ApiServiceUnavailableResponse({ type: ReadinessSchema, description: 'A store does not answer, or the projector is failing, stuck or too far behind.' })
  async ready(@Res({ passthrough: true }) response: ExpressResponse): Promise<ReadinessResponse> {
    const readiness = await this.readiness.check();
    response.status(readiness.status === 'ready' ? 200 : 503);
    return readiness;
  }
}
