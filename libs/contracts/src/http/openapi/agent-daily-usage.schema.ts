import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { AgentDailyUsage, AgentDailyUsageResponse } from '../agent-daily-usage.types';
import { AgentUsageCountsSchema } from './agent-configuration.schema';

/** Schema of one day of an agent's use. */
@ApiSchema({ name: 'AgentDailyUsage' })
export class AgentDailyUsageSchema extends AgentUsageCountsSchema implements AgentDailyUsage {
  @ApiProperty({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2026-12-01', description: 'The day (UTC).' })
  date!: string;
}

/** Schema of an agent's use per day. */
@ApiSchema({ name: 'AgentDailyUsageResponse' })
export class AgentDailyUsageResponseSchema implements AgentDailyUsageResponse {
  @ApiProperty({ type: () => AgentDailyUsageSchema, isArray: true, description: 'Every day of the window, oldest first; a quiet day counts 0.' })
  days!: AgentDailyUsageSchema[];
}
