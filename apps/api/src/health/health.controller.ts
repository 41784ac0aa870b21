import type { HealthResponse, ReadinessResponse } from '@app/contracts/http/health.types';
import { HealthSchema, ReadinessSchema } from '@app/contracts/http/openapi/health.schema';
import { checkpointName, EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiServiceUnavailableResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { PublicRoute } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ReadModels } from '../infrastructure/read-models.service';

/** Liveness and readiness: stores reachable, and how far the read models trail the log. */
@Controller()
@PublicRoute()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly readModels: ReadModels,
  ) {}

  @Get('healthz')
  @ApiSuccess('Liveness: the process answers', HealthSchema)
  health(): HealthResponse {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiSuccess('Readiness: both stores answer; how far the read models trail the log', ReadinessSchema)
  // Not the error envelope: a load balancer reads the same body either way.
  @ApiServiceUnavailableResponse({ type: ReadinessSchema, description: 'A store does not answer.' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessResponse> {
    const [eventStoreUp, readStoreUp] = await Promise.all([safe(this.eventStore.ping()), safe(this.readStore.ping())]);
    let lagEvents: number | null = null;
    if (eventStoreUp && readStoreUp) {
      const [head, generation] = await Promise.all([this.eventStore.headPosition(), this.readModels.generations.active()]);
      const checkpoint = (await this.readStore.getCheckpoint(checkpointName(generation))) ?? 0;
      // Positions need not be dense (EventStoreDB), so lag is counted in events, capped at 1000.
      lagEvents = head <= checkpoint ? 0 : (await this.eventStore.readAll({ after: checkpoint, maxCount: 1000 })).length;
    }
    const ready = eventStoreUp && readStoreUp;
    response.status(ready ? 200 : 503);
    return {
      status: ready ? 'ready' : 'unavailable',
      eventStore: eventStoreUp ? 'up' : 'down',
      readStore: readStoreUp ? 'up' : 'down',
      projector: { lagEvents },
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
