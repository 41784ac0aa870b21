import { ApiProperty, ApiSchema, type SchemaObject } from '@nestjs/swagger';
import type { AgentContent } from '../../events/conversation/agent-message-event-values';
import type {
  AgentAction,
  AgentMessage,
  AgentMessageError,
  AgentMessageStatus,
  AgentRawContent,
  AgentStepContent,
  ModelResolutionMethod,
  ResolvedModel,
} from '../conversation-message.types';
import { LightAgentConfigurationSchema } from './light-agent-configuration.schema';
import { MessageBaseSchema } from './resource-base.schema';
import { FREE_FORM, NULLABLE_FREE_FORM } from './schema-shapes';
import { RichMentionSchema, ReactionSchema } from './user-message.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

const STATUSES: AgentMessageStatus[] = ['created', 'succeeded', 'failed', 'cancelled'];
const RESOLUTION_METHODS: ModelResolutionMethod[] = ['agent', 'user', 'auto', 'auto_fast', 'auto_complex', 'fair_use_downgrade'];

/** Schema of the error of a failed agent message. */
@ApiSchema({ name: 'AgentMessageError' })
export class AgentMessageErrorSchema implements AgentMessageError {
  @ApiProperty({
    type: 'string',
    example: 'model_provider_error',
    description: '`model_provider_error` (the provider refused or reported an error), `model_stream_error` (its answer broke off or did not parse), `model_timeout`, `tool_error`, `tool_approval_expired`, `agent_run_interrupted`, …',
  })
  code!: string;

  @ApiProperty({ type: 'string' })
  message!: string;

  @ApiProperty({
    ...NULLABLE_FREE_FORM,
    description:
      'For a provider error: `httpStatus`, `retryable`, `attempts` (when retried), `providerErrorType` (an error event in the stream, e.g. `overloaded_error`, `RESOURCE_EXHAUSTED`) and `retryAfterMs` when the provider said when to try again.',
  })
  metadata!: Record<string, unknown> | null;
}

@ApiSchema({ name: 'AgentActionDisplayLabels' })
class DisplayLabelsSchema implements NonNullable<AgentAction['displayLabels']> {
  @ApiProperty({ type: 'string' })
  running!: string;

  @ApiProperty({ type: 'string' })
  done!: string;
}

/** Schema of a tool call an agent made. */
@ApiSchema({ name: 'AgentAction' })
export class AgentActionSchema implements AgentAction {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'integer' })
  createdAt!: number;

  @ApiProperty({ type: 'integer' })
  updatedAt!: number;

  @ApiProperty({ type: 'string', nullable: true })
  mcpServerId!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  internalMCPServerName!: string | null;

  @ApiProperty({ type: 'string' })
  toolName!: string;

  @ApiProperty({ type: 'integer' })
  agentMessageId!: number;

  @ApiProperty({ type: 'string' })
  functionCallName!: string;

  @ApiProperty({ type: 'string' })
  functionCallId!: string;

  @ApiProperty({ type: 'string', example: 'succeeded' })
  status!: string;

  @ApiProperty({ ...FREE_FORM, description: 'The arguments the model passed.' })
  params!: Record<string, unknown>;

  @ApiProperty({ type: 'integer', description: 'Step of the run, from 0.' })
  step!: number;

  @ApiProperty({ type: 'integer', nullable: true })
  executionDurationMs!: number | null;

  @ApiProperty({ type: 'integer' })
  citationsAllocated!: number;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, nullable: true, description: 'Output items, e.g. `{type: "text", text}`.' })
  output!: Record<string, unknown>[] | null;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  generatedFiles!: Record<string, unknown>[];

  @ApiProperty({ type: () => DisplayLabelsSchema, nullable: true })
  displayLabels!: DisplayLabelsSchema | null;
}

/** The three kinds of step content, as JSON Schema (a TypeScript union has no class to decorate). */
const AGENT_CONTENT_VARIANTS: SchemaObject[] = [
    {
      type: 'object',
      required: ['type', 'value'],
      properties: { type: { type: 'string', enum: ['text_content'] }, value: { type: 'string' } },
    },
    {
      type: 'object',
      required: ['type', 'value'],
      properties: {
        type: { type: 'string', enum: ['reasoning'] },
        value: {
          type: 'object',
          required: ['reasoning', 'metadata', 'tokens', 'provider'],
          properties: { reasoning: { type: 'string' }, metadata: { type: 'string' }, tokens: { type: 'integer' }, provider: { type: 'string' } },
        },
      },
    },
    {
      type: 'object',
      required: ['type', 'value'],
      properties: {
        type: { type: 'string', enum: ['function_call'] },
        value: {
          type: 'object',
          required: ['id', 'name', 'arguments'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, arguments: { type: 'string', description: 'JSON text of the input.' } },
        },
      },
    },
];

/** Schema of the structured content of one step. */
@ApiSchema({ name: 'AgentStepContent' })
export class AgentStepContentSchema implements AgentStepContent {
  @ApiProperty({ type: 'integer' })
  step!: number;

  @ApiProperty({ description: 'Text, reasoning or a tool call the model produced in this step.', oneOf: AGENT_CONTENT_VARIANTS })
  content!: AgentContent;
}

/** Schema of the raw text of one step. */
@ApiSchema({ name: 'AgentRawContent' })
export class AgentRawContentSchema implements AgentRawContent {
  @ApiProperty({ type: 'integer' })
  step!: number;

  @ApiProperty({ type: 'string' })
  content!: string;
}

/** Schema of the model actually used. */
@ApiSchema({ name: 'ResolvedModel' })
export class ResolvedModelSchema implements ResolvedModel {
  @ApiProperty({ type: 'string' })
  providerId!: string;

  @ApiProperty({ type: 'string' })
  modelId!: string;

  @ApiProperty({ type: 'string', nullable: true })
  reasoningEffort!: string | null;
}

/** Schema of an agent message. */
@ApiSchema({ name: 'AgentMessage' })
export class AgentMessageSchema extends MessageBaseSchema implements AgentMessage {
  @ApiProperty({ type: 'integer' })
  agentMessageId!: number;

  @ApiProperty({ type: 'string', enum: ['agent_message'] })
  type!: 'agent_message';

  @ApiProperty({ type: 'integer', nullable: true, description: 'When the run ended (milliseconds since the epoch).' })
  completedTs!: number | null;

  @ApiProperty({ type: 'string', description: 'sId of the user message it answers.' })
  parentMessageId!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parentAgentMessageId!: string | null;

  @ApiProperty({ type: 'string', enum: STATUSES })
  status!: AgentMessageStatus;

  @ApiProperty({ type: 'string', nullable: true })
  content!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  chainOfThought!: string | null;

  @ApiProperty({ type: () => AgentMessageErrorSchema, nullable: true })
  error!: AgentMessageErrorSchema | null;

  @ApiProperty({ type: () => LightAgentConfigurationSchema })
  configuration!: LightAgentConfigurationSchema;

  @ApiProperty({ type: () => AgentActionSchema, isArray: true })
  actions!: AgentActionSchema[];

  @ApiProperty({ type: () => AgentStepContentSchema, isArray: true })
  contents!: AgentStepContentSchema[];

  @ApiProperty({ type: () => AgentRawContentSchema, isArray: true })
  rawContents!: AgentRawContentSchema[];

  @ApiProperty({ type: 'boolean' })
  skipToolsValidation!: boolean;

  @ApiProperty({ type: () => RichMentionSchema, isArray: true })
  richMentions!: RichMentionSchema[];

  @ApiProperty({ type: 'integer', nullable: true })
  completionDurationMs!: number | null;

  @ApiProperty({ type: () => ReactionSchema, isArray: true })
  reactions!: ReactionSchema[];

  @ApiProperty({ type: 'number', nullable: true })
  costCredits!: number | null;

  @ApiProperty({ type: 'number', nullable: true })
  subAgentCostCredits!: number | null;

  @ApiProperty({ type: () => ResolvedModelSchema, nullable: true })
  resolvedModel!: ResolvedModelSchema | null;

  @ApiProperty({ type: 'string', enum: RESOLUTION_METHODS, nullable: true })
  modelResolutionMethod!: ModelResolutionMethod | null;
}
