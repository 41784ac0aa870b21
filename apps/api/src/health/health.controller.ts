import type { HealthResponse, ReadinessResponse } from '@app/contracts/http/health.types';
import { HealthSchema, ReadinessSchema } from '@app/contracts/http/openapi/health.schema';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiServiceUnavailableResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { PublicRoute } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ProjectorReadinessProbe, type ProjectorReport } from './projector-readiness';

const NOT_READY_STATES: ReadonlySet<string> = new Set(['failing', 'stuck', 'behind', 'unknown']);

/** Liveness and readiness: stores reachable, and whether the read models keep up with the log. */
@Controller()
@PublicRoute()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly projector: ProjectorReadinessProbe,
  ) {}

  @Get('healthz')
  @ApiSuccess('Liveness: the process answers', HealthSchema)
  health(): HealthResponse {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiSuccess('Readiness: both stores answer and the projector keeps up; failed events are reported, not fatal', ReadinessSchema)
  // Not the error envelope: a load balancer reads the same body either way.
  @ApiServiceUnavailableResponse({ type: ReadinessSchema, description: 'A store does not answer, or the projector is failing, stuck or too far behind.' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessResponse> {
    const [eventStoreUp, readStoreUp] = await Promise.all([safe(this.eventStore.ping()), safe(this.readStore.ping())]);
    let projector: ProjectorReport | null = null;
    if (eventStoreUp && readStoreUp) projector = await this.projector.report().catch(() => null);
    const ready = eventStoreUp && readStoreUp && projector !== null && !NOT_READY_STATES.has(projector.state);
    response.status(ready ? 200 : 503);
    return {
      status: ready ? 'ready' : 'unavailable',
      eventStore: eventStoreUp ? 'up' : 'down',
      readStore: readStoreUp ? 'up' : 'down',
      projector: projector ?? { state: 'unknown', lagEvents: null, failedEvents: null },
    };
  }
}

async function safe(check: Promise<boolean>): Promise<boolean> {
  try {
    return await check;
  } catch {
    return false;
  }
}
