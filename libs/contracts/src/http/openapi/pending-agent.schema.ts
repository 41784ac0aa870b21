import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PendingAgentConfigurationResponse } from '../pending-agent.types';

/** Schema of a pending agent's creation: the sId its first save (PATCH) will keep. */
@ApiSchema({ name: 'PendingAgentConfigurationResponse' })
export class PendingAgentConfigurationResponseSchema implements PendingAgentConfigurationResponse {
  @ApiProperty({ type: 'string', description: 'sId of the pending agent' })
  sId!: string;
}
