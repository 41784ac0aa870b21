import type { ReadinessResponse } from '@app/contracts/http/health.types';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { ProjectorReadinessProbe, type ProjectorReport } from './projector-readiness';

const NOT_READY_STATES: ReadonlySet<string> = new Set(['failing', 'stuck', 'behind', 'unknown']);

/**
 * What readiness is made of: both stores answer their ping, and the projector keeps up (its lag and
 * failed events are what the `/metrics` gauges read from the same probe). `/readyz` answers it, and
 * the admins' status page reads it too, so both tell the same story.
 */
@Injectable()
export class ReadinessCheck {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly projector: ProjectorReadinessProbe,
  ) {}

  async check(): Promise<ReadinessResponse> {
    const [eventStoreUp, readStoreUp] = await Promise.all([safe(this.eventStore.ping()), safe(this.readStore.ping())]);
    let projector: ProjectorReport | null = null;
    if (eventStoreUp && readStoreUp) projector = await this.projector.report().catch(() => null);
    const ready = eventStoreUp && readStoreUp && projector !== null && !NOT_READY_STATES.has(projector.state);
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
