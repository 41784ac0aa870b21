import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { HealthResponse, ProjectorReadiness, ReadinessResponse, StoreStatus } from '../health.types';

const STORE_STATUSES: StoreStatus[] = ['up', 'down'];
const PROJECTOR_STATES: ProjectorReadiness[] = ['starting', 'following', 'failing', 'stuck', 'behind', 'unknown'];

/** Schema of the liveness answer. */
@ApiSchema({ name: 'Health' })
export class HealthSchema implements HealthResponse {
  @ApiProperty({ type: 'string', enum: ['ok'] })
  status!: 'ok';
}

@ApiSchema({ name: 'ProjectorReadiness' })
class ProjectorReadinessSchema {
  @ApiProperty({ type: 'string', enum: PROJECTOR_STATES, description: 'failing, stuck and behind make the service unready.' })
  state!: ProjectorReadiness;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Events the read models trail the log by, counted up to one past READY_MAX_LAG_EVENTS; null when a store is down.' })
  lagEvents!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Events the projections failed on and skipped (projector retry-failed replays them); null when a store is down.' })
  failedEvents!: number | null;
}

/** Schema of the readiness answer, the same with 200 and 503. */
@ApiSchema({ name: 'Readiness' })
export class ReadinessSchema implements ReadinessResponse {
  @ApiProperty({ type: 'string', enum: ['ready', 'unavailable'] })
  status!: ReadinessResponse['status'];

  @ApiProperty({ type: 'string', enum: STORE_STATUSES })
  eventStore!: StoreStatus;

  @ApiProperty({ type: 'string', enum: STORE_STATUSES })
  readStore!: StoreStatus;

  @ApiProperty({ type: () => ProjectorReadinessSchema })
  projector!: ProjectorReadinessSchema;
}
