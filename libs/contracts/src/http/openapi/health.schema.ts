import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { HealthResponse, ReadinessResponse, StoreStatus } from '../health.types';

const STORE_STATUSES: StoreStatus[] = ['up', 'down'];

/** Schema of the liveness answer. */
@ApiSchema({ name: 'Health' })
export class HealthSchema implements HealthResponse {
  @ApiProperty({ type: 'string', enum: ['ok'] })
  status!: 'ok';
}

@ApiSchema({ name: 'ProjectorLag' })
class ProjectorLagSchema {
  @ApiProperty({ type: 'integer', nullable: true, description: 'Events the read models trail the log by, capped at 1000; null when a store is down.' })
  lagEvents!: number | null;
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

  @ApiProperty({ type: () => ProjectorLagSchema })
  projector!: ProjectorLagSchema;
}
