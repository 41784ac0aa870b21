import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { TOOL_STAKES, type ToolStake, type UserQuestion } from '../../events/tool-approval.events';
import type { BlockedAction, BlockedActionsResponse } from '../tool-approval.types';

class BlockedActionMetadataSchema {
  @ApiProperty() agentName!: string;
  @ApiProperty() mcpServerName!: string;
  @ApiProperty() toolName!: string;
  @ApiPropertyOptional() mcpServerId?: string;
}

class UserQuestionOptionSchema {
  @ApiProperty() label!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
}

@ApiSchema({ name: 'UserQuestion' })
export class UserQuestionSchema implements UserQuestion {
  @ApiProperty() question!: string;
  @ApiProperty({ type: [UserQuestionOptionSchema] }) options!: UserQuestionOptionSchema[];
  @ApiProperty() multiSelect!: boolean;
}

@ApiSchema({ name: 'BlockedAction' })
export class BlockedActionSchema implements BlockedAction {
  @ApiProperty() messageId!: string;
  @ApiProperty() conversationId!: string;
  @ApiProperty() actionId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) inputs!: Record<string, unknown>;
  @ApiProperty({ enum: TOOL_STAKES }) stake!: ToolStake;
  @ApiProperty({ enum: ['blocked_validation_required', 'blocked_user_answer_required'] }) status!: 'blocked_validation_required' | 'blocked_user_answer_required';
  @ApiPropertyOptional({ type: UserQuestionSchema, description: 'Present only when status is blocked_user_answer_required.' }) question?: UserQuestionSchema;
  @ApiProperty({ type: BlockedActionMetadataSchema }) metadata!: BlockedActionMetadataSchema;
}

@ApiSchema({ name: 'BlockedActionsResponse' })
export class BlockedActionsResponseSchema implements BlockedActionsResponse {
  @ApiProperty({ type: [BlockedActionSchema] }) blockedActions!: BlockedActionSchema[];
}
