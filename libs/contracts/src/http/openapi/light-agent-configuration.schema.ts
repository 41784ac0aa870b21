import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { AgentModelConfiguration, LightAgentConfiguration } from '../conversation-message.types';
import { STRING_ARRAYS } from './schema-shapes';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

/** Reasoning efforts a model can be asked for. */
export const REASONING_EFFORTS: NonNullable<AgentModelConfiguration['reasoningEffort']>[] = ['none', 'light', 'medium', 'high'];

/** Schema of the model an agent runs on. */
@ApiSchema({ name: 'AgentModelConfiguration' })
export class AgentModelConfigurationSchema implements AgentModelConfiguration {
  @ApiProperty({ type: 'string', example: 'openai' })
  providerId!: string;

  @ApiProperty({ type: 'string', example: 'gpt-4.1' })
  modelId!: string;

  @ApiProperty({ type: 'number' })
  temperature!: number;

  @ApiPropertyOptional({ type: 'string', enum: REASONING_EFFORTS })
  reasoningEffort?: AgentModelConfiguration['reasoningEffort'];
}

type AgentTag = LightAgentConfiguration['tags'][number];

/** Schema of a tag of an agent. */
@ApiSchema({ name: 'AgentTag' })
export class AgentTagSchema implements AgentTag {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string' })
  name!: string;
}

/** Schema of a light agent configuration, the shape messages and lists carry. */
@ApiSchema({ name: 'LightAgentConfiguration' })
export class LightAgentConfigurationSchema implements LightAgentConfiguration {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string', example: 'dust' })
  sId!: string;

  @ApiProperty({ type: 'integer' })
  version!: number;

  @ApiProperty({ type: 'string', nullable: true, description: 'ISO 8601; null for global agents.' })
  versionCreatedAt!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  versionAuthorId!: number | null;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string' })
  description!: string;

  @ApiProperty({ type: 'string', nullable: true })
  instructions!: string | null;

  @ApiProperty({ type: 'string' })
  pictureUrl!: string;

  @ApiProperty({ type: 'string', example: 'active', description: '`active`, `archived`, `draft`, …' })
  status!: string;

  @ApiProperty({ type: 'string', example: 'global', description: '`global`, `visible`, `hidden`, …' })
  scope!: string;

  @ApiProperty({ type: 'boolean' })
  userFavorite!: boolean;

  @ApiProperty({ type: () => AgentModelConfigurationSchema })
  model!: AgentModelConfigurationSchema;

  @ApiProperty({ type: 'integer' })
  maxStepsPerRun!: number;

  @ApiProperty({ type: () => AgentTagSchema, isArray: true })
  tags!: AgentTagSchema[];

  @ApiProperty({ type: 'string', nullable: true })
  templateId!: string | null;

  @ApiProperty(STRING_ARRAYS)
  requestedGroupIds!: string[][];

  @ApiProperty({ type: 'string', isArray: true })
  requestedSpaceIds!: string[];

  @ApiProperty({ type: 'boolean' })
  canRead!: boolean;

  @ApiProperty({ type: 'boolean' })
  canEdit!: boolean;

  @ApiPropertyOptional({ type: 'boolean' })
  visualizationEnabled?: boolean;

  @ApiPropertyOptional({ type: 'string', isArray: true, description: 'Recent editors, most recent first (`withAuthors=true`).' })
  lastAuthors?: string[];
}
