import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { TOOL_STAKES, type ToolStakeSettings } from '../../events/tool-approval.events';
import type {
  AgentActionConfiguration,
  AgentConfigurationFull,
  AgentConfigurationHistoryResponse,
  AgentConfigurationListItem,
  AgentConfigurationResponse,
  AgentEditor,
  AgentFeedbackCounts,
  AgentUsage,
  CreateGenericAgentResponse,
  GetAgentConfigurationsResponse,
} from '../agent-configuration.types';
import { LightAgentConfigurationSchema } from './light-agent-configuration.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

/** The counts of an agent's use, over a recent period or one day (no schema of its own). */
export class AgentUsageCountsSchema implements Omit<AgentUsage, 'timePeriodSec'> {
  @ApiProperty({ type: 'integer' })
  messageCount!: number;

  @ApiProperty({ type: 'integer' })
  conversationCount!: number;

  @ApiProperty({ type: 'integer' })
  userCount!: number;
}

/** Schema of an agent's recent usage. */
@ApiSchema({ name: 'AgentUsage' })
export class AgentUsageSchema extends AgentUsageCountsSchema implements AgentUsage {
  @ApiProperty({ type: 'integer' })
  timePeriodSec!: number;
}

/** Schema of the thumbs an agent's messages received. */
@ApiSchema({ name: 'AgentFeedbackCounts' })
export class AgentFeedbackCountsSchema implements AgentFeedbackCounts {
  @ApiProperty({ type: 'integer' })
  up!: number;

  @ApiProperty({ type: 'integer' })
  down!: number;
}

/** Schema of a member who can edit an agent. */
@ApiSchema({ name: 'AgentEditor' })
export class AgentEditorSchema implements AgentEditor {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string' })
  fullName!: string;

  @ApiProperty({ type: 'string', nullable: true })
  image!: string | null;
}

/** Schema of an agent in the list, with the enrichments the query asked for. */
@ApiSchema({ name: 'AgentConfigurationListItem' })
export class AgentConfigurationListItemSchema extends LightAgentConfigurationSchema implements AgentConfigurationListItem {
  @ApiPropertyOptional({ type: () => AgentUsageSchema, description: 'With `withUsage=true`.' })
  usage?: AgentUsageSchema;

  @ApiPropertyOptional({ type: () => AgentFeedbackCountsSchema, description: 'With `withFeedbacks=true`.' })
  feedbacks?: AgentFeedbackCountsSchema;

  @ApiPropertyOptional({ type: () => AgentEditorSchema, isArray: true, description: 'With `withEditors=true`.' })
  editors?: AgentEditorSchema[];
}

/** Schema of a tool an agent may call. */
@ApiSchema({ name: 'AgentActionConfiguration' })
export class AgentActionConfigurationSchema implements AgentActionConfiguration {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string', enum: ['mcp_server_configuration'] })
  type!: 'mcp_server_configuration';

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'string' })
  mcpServerViewId!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'The agent a `run_agent:<sId>` tool hands over to.' })
  childAgentId!: string | null;
}

/** Schema of the full agent configuration (`variant=full`, and what writes return). */
@ApiSchema({ name: 'AgentConfigurationFull' })
export class AgentConfigurationFullSchema extends AgentConfigurationListItemSchema implements AgentConfigurationFull {
  @ApiProperty({ type: () => AgentActionConfigurationSchema, isArray: true })
  actions!: AgentActionConfigurationSchema[];

  @ApiProperty({ type: 'string', isArray: true, description: 'Ids of the tools, as saved.' })
  toolset!: string[];

  @ApiPropertyOptional({
    type: 'object',
    properties: {
      servers: { type: 'object', additionalProperties: { type: 'string', enum: [...TOOL_STAKES] } },
      tools: { type: 'object', additionalProperties: { type: 'string', enum: [...TOOL_STAKES] } },
    },
    description: 'Approval stakes per MCP server id and per tool name, as saved; absent when the version sets none.',
  })
  toolStakes?: ToolStakeSettings;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', properties: { sId: { type: 'string', example: 'skl_3kq9Zb1Lm0Xa' } }, required: ['sId'] },
    description: 'The skills the version carries (set with POST …/agent_configurations/{aId}/skills).',
  })
  skills!: { sId: string }[];
}

/** Schema of the agent list and search answers. */
@ApiSchema({ name: 'GetAgentConfigurationsResponse' })
export class GetAgentConfigurationsResponseSchema implements GetAgentConfigurationsResponse {
  @ApiProperty({ type: () => AgentConfigurationListItemSchema, isArray: true })
  agentConfigurations!: AgentConfigurationListItemSchema[];
}

/** Schema of one agent: light by default, full with `variant=full` and on writes. */
@ApiSchema({ name: 'AgentConfigurationResponse' })
@ApiExtraModels(LightAgentConfigurationSchema, AgentConfigurationFullSchema)
export class AgentConfigurationResponseSchema implements AgentConfigurationResponse {
  // anyOf, not oneOf: a full configuration is also a valid light one.
  @ApiProperty({ anyOf: [{ $ref: getSchemaPath(LightAgentConfigurationSchema) }, { $ref: getSchemaPath(AgentConfigurationFullSchema) }] })
  agentConfiguration!: LightAgentConfigurationSchema | AgentConfigurationFullSchema;
}

/** Schema of an agent's history, newest version first. */
@ApiSchema({ name: 'AgentConfigurationHistoryResponse' })
export class AgentConfigurationHistoryResponseSchema implements AgentConfigurationHistoryResponse {
  @ApiProperty({ type: () => AgentConfigurationFullSchema, isArray: true })
  history!: AgentConfigurationFullSchema[];
}

/** Schema of a created generic agent and its optional sub-agent. */
@ApiSchema({ name: 'CreateGenericAgentResponse' })
export class CreateGenericAgentResponseSchema implements CreateGenericAgentResponse {
  @ApiProperty({ type: () => LightAgentConfigurationSchema })
  agentConfiguration!: LightAgentConfigurationSchema;

  @ApiPropertyOptional({ type: () => LightAgentConfigurationSchema })
  subAgentConfiguration?: LightAgentConfigurationSchema;
}
