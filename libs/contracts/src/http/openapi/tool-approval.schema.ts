import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { TOOL_STAKES, type ToolStake } from '../../events/tool-approval.events';
import type { BlockedAction, BlockedActionsResponse } from '../tool-approval.types';

class BlockedActionMetadataSchema {
  @ApiProperty() agentName!: string;
  @ApiProperty() mcpServerName!: string;
  @ApiProperty() toolName!: string;
  @ApiPropertyOptional() mcpServerId?: string;
}

@ApiSchema({ name: 'BlockedAction' })
export class BlockedActionSchema implements BlockedAction {
  @ApiProperty() messageId!: string;
  @ApiProperty() conversationId!: string;
  @ApiProperty() actionId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) inputs!: Record<string, unknown>;
  @ApiProperty({ enum: TOOL_STAKES }) stake!: ToolStake;
  @ApiProperty({ enum: ['blocked_validation_required'] }) status!: 'blocked_validation_required';
  @ApiProperty({ type: BlockedActionMetadataSchema }) metadata!: BlockedActionMetadataSchema;
}

@ApiSchema({ name: 'BlockedActionsResponse' })
export class BlockedActionsResponseSchema implements BlockedActionsResponse {
  @ApiProperty({ type: [BlockedActionSchema] }) blockedActions!: BlockedActionSchema[];
}
