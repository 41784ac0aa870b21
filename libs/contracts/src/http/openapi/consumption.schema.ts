import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  CONSUMPTION_GROUP_BYS,
  type ConsumptionBudget,
  type ConsumptionBudgetsResponse,
  type ConsumptionFigures,
  type ConsumptionGroup,
  type ConsumptionGroupBy,
  type ConversationConsumptionAgentDetails,
  type ConversationConsumptionDetails,
  type ConversationConsumptionModelDetails,
  type ConversationConsumptionResponse,
  type ConversationConsumptionToolDetails,
  type WorkspaceConsumptionResponse,
} from '../consumption.types';
import { EPOCH_MS } from './schema-shapes';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

const CREDITS = 'Credits (1 credit = 1 micro-USD).';

@ApiSchema({ name: 'ConversationConsumptionToolDetails' })
export class ConversationConsumptionToolDetailsSchema implements ConversationConsumptionToolDetails {
  @ApiProperty() toolName!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ type: 'string', nullable: true }) internalMCPServerName!: string | null;
  @ApiProperty({ type: 'integer' }) callCount!: number;
  @ApiProperty({ type: 'number' }) attributedCredits!: number;
  @ApiProperty({ type: 'number' }) directCredits!: number;
  @ApiProperty() pending!: boolean;
}

@ApiSchema({ name: 'ConversationConsumptionModelDetails' })
export class ConversationConsumptionModelDetailsSchema implements ConversationConsumptionModelDetails {
  @ApiProperty({ example: 'openai' }) providerId!: string;
  @ApiProperty({ example: 'gpt-4o' }) modelId!: string;
  @ApiProperty({ example: 'GPT-4o' }) displayName!: string;
  @ApiProperty({ type: 'number', description: `The model's exact cost. ${CREDITS}`, example: 0.0125 }) attributedCredits!: number;
  @ApiProperty({ type: 'integer', description: 'Model calls.' }) calls!: number;
  @ApiProperty({ type: 'integer' }) inputTokens!: number;
  @ApiProperty({ type: 'integer', description: 'Reasoning included.' }) outputTokens!: number;
  @ApiProperty({ type: 'integer', description: '0 where the provider does not report them.' }) reasoningTokens!: number;
  @ApiProperty({ type: 'integer', description: 'Input read from the prompt cache (part of inputTokens); 0 where not reported.' }) cachedInputTokens!: number;
}

@ApiSchema({ name: 'ConversationConsumptionAgentDetails' })
export class ConversationConsumptionAgentDetailsSchema implements ConversationConsumptionAgentDetails {
  @ApiProperty() agentId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() pictureUrl!: string;
  @ApiProperty({ type: 'integer', description: `Sum of the costCredits of the agent's messages. ${CREDITS}` }) billedCredits!: number;
  @ApiProperty({ type: 'integer' }) agentWorkCredits!: number;
  @ApiProperty({ type: () => ConversationConsumptionToolDetailsSchema, isArray: true, description: 'Empty: model calls bear every cost.' })
  tools!: ConversationConsumptionToolDetailsSchema[];
  @ApiProperty({ type: () => ConversationConsumptionModelDetailsSchema, isArray: true }) models!: ConversationConsumptionModelDetailsSchema[];
}

@ApiSchema({ name: 'ConversationConsumptionDetails' })
export class ConversationConsumptionDetailsSchema implements ConversationConsumptionDetails {
  @ApiProperty({ type: 'integer' }) agentWorkCredits!: number;
  @ApiProperty({ type: () => ConversationConsumptionToolDetailsSchema, isArray: true }) tools!: ConversationConsumptionToolDetailsSchema[];
  @ApiProperty({ type: () => ConversationConsumptionModelDetailsSchema, isArray: true }) models!: ConversationConsumptionModelDetailsSchema[];
  @ApiProperty({ type: () => ConversationConsumptionAgentDetailsSchema, isArray: true }) agents!: ConversationConsumptionAgentDetailsSchema[];
}

@ApiSchema({ name: 'ConversationConsumptionResponse' })
export class ConversationConsumptionResponseSchema implements ConversationConsumptionResponse {
  @ApiProperty({ type: 'integer', description: `Sum of the costCredits of the conversation's agent messages, runs in progress included. ${CREDITS}`, example: 1250 })
  billedCredits!: number;

  @ApiProperty({ type: () => ConversationConsumptionDetailsSchema, nullable: true, description: 'Null while nothing has cost anything.' })
  details!: ConversationConsumptionDetailsSchema | null;
}

@ApiSchema({ name: 'ConsumptionFigures' })
export class ConsumptionFiguresSchema implements ConsumptionFigures {
  @ApiProperty({ type: 'integer', description: 'Agent messages.' }) messages!: number;
  @ApiProperty({ type: 'integer', description: 'Model calls.' }) calls!: number;
  @ApiProperty({ type: 'integer' }) inputTokens!: number;
  @ApiProperty({ type: 'integer' }) outputTokens!: number;
  @ApiProperty({ type: 'integer' }) reasoningTokens!: number;
  @ApiProperty({ type: 'integer' }) cachedInputTokens!: number;
  @ApiProperty({ type: 'integer', description: `Sum of the messages' costCredits. ${CREDITS}` }) costCredits!: number;
}

@ApiSchema({ name: 'ConsumptionGroup' })
export class ConsumptionGroupSchema extends ConsumptionFiguresSchema implements ConsumptionGroup {
  @ApiProperty({ type: 'string', nullable: true, description: 'A user sId (null: no author), an agent sId, a conversation sId, the root conversation of a fork family, or a YYYY-MM-DD day.' })
  key!: string | null;
}

@ApiSchema({ name: 'WorkspaceConsumptionResponse' })
export class WorkspaceConsumptionResponseSchema implements WorkspaceConsumptionResponse {
  @ApiProperty({ enum: CONSUMPTION_GROUP_BYS, enumName: 'ConsumptionGroupBy' }) groupBy!: ConsumptionGroupBy;
  @ApiProperty({ ...EPOCH_MS, nullable: true }) from!: number | null;
  @ApiProperty({ ...EPOCH_MS, nullable: true }) to!: number | null;
  @ApiProperty({ type: () => ConsumptionGroupSchema, isArray: true, description: 'Costliest first; days oldest first.' }) groups!: ConsumptionGroupSchema[];
  @ApiProperty({ type: () => ConsumptionFiguresSchema }) total!: ConsumptionFiguresSchema;
}

@ApiSchema({ name: 'ConsumptionBudget' })
export class ConsumptionBudgetSchema implements ConsumptionBudget {
  @ApiProperty({ enum: ['workspace', 'user'] }) scope!: 'workspace' | 'user';
  @ApiProperty({ type: 'string', nullable: true }) userId!: string | null;
  @ApiProperty({ type: 'integer', description: `Per UTC month. ${CREDITS}` }) monthlyCredits!: number;
  @ApiProperty({ type: 'integer', description: 'Spent by the scope this month.' }) spentCredits!: number;
  @ApiProperty({ example: '2026-12' }) month!: string;
}

@ApiSchema({ name: 'ConsumptionBudgetsResponse' })
export class ConsumptionBudgetsResponseSchema implements ConsumptionBudgetsResponse {
  @ApiProperty({ type: () => ConsumptionBudgetSchema, isArray: true }) budgets!: ConsumptionBudgetSchema[];
}
