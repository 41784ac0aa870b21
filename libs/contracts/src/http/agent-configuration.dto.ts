import { TOOL_STAKES, type ToolStakeSettings } from '../events/tool-approval.events';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsDefined, IsIn, IsNumber, IsOptional, IsString, ValidateBy } from 'class-validator';
import { NestedObject, OmittableBoolean } from './validation/field.decorator';
import { BoundedExtraKeys, BoundedJson } from './validation/free-form.decorator';
import { ObjectRule } from './validation/object-rule.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray, LengthAtLeast } from './validation/string.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.
// These check shapes only; names, lengths, ranges and the model catalog are the domain's to judge.

/** An action given as an object: one of its ids names the tool; other keys are ignored. */
export interface AgentActionInput {
  readonly mcpServerViewId?: string;
  readonly sId?: string;
  readonly internalMCPServerId?: string;
  readonly name?: string;
  readonly [key: string]: unknown;
}

/** A tag given as an object; other keys are ignored. */
export interface AgentTagInput {
  readonly sId?: string;
  readonly name: string;
  readonly [key: string]: unknown;
}

/** A skill given as an object, as the real product's builder sends it; other keys are ignored. */
export interface AgentSkillInput {
  readonly sId: string;
  readonly [key: string]: unknown;
}

const ACTION_ID_KEYS = ['mcpServerViewId', 'sId', 'internalMCPServerId', 'name'] as const;

/** A tool id, or an object whose id keys, when present, are strings. */
export function isAgentAction(value: unknown): value is string | AgentActionInput {
  if (typeof value === 'string') return true;
  return isPlainRecord(value) && ACTION_ID_KEYS.every((key) => value[key] === undefined || typeof value[key] === 'string');
}

/** A tag name, or an object with a string `name` (and an optional string `sId`). */
export function isAgentTag(value: unknown): value is string | AgentTagInput {
  if (typeof value === 'string') return true;
  return isPlainRecord(value) && typeof value.name === 'string' && (value.sId === undefined || typeof value.sId === 'string');
}

/** A skill sId, or an object with a string `sId`. */
export function isAgentSkill(value: unknown): value is string | AgentSkillInput {
  if (typeof value === 'string') return value.length > 0;
  return isPlainRecord(value) && typeof value.sId === 'string' && value.sId.length > 0;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The model an agent runs on. `reasoningEffort` is checked against the known efforts when saved. */
@BoundedExtraKeys()
export class AgentModelDto {
  @ApiProperty({ type: String, minLength: 1, example: 'openai' })
  @IsDefined({ message: MESSAGES.required })
  @LengthAtLeast(1)
  @IsString({ message: MESSAGES.string })
  providerId!: string;

  @ApiProperty({ type: String, minLength: 1, example: 'gpt-4.1' })
  @IsDefined({ message: MESSAGES.required })
  @LengthAtLeast(1)
  @IsString({ message: MESSAGES.string })
  modelId!: string;

  @ApiProperty({ type: Number, example: 0.4 })
  @IsDefined({ message: MESSAGES.required })
  @IsNumber({}, { message: MESSAGES.number })
  temperature!: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'medium' })
  @IsOptional()
  @IsString({ message: MESSAGES.string })
  reasoningEffort?: string | null;

  [key: string]: unknown;
}

const AGENT_STATUSES = ['active', 'draft'] as const;
// Older clients still send the scopes of before the visible/hidden rename.
const AGENT_SCOPE_INPUTS = ['visible', 'hidden', 'workspace', 'published', 'private'] as const;

/** The `assistant` object Dust's web UI posts; fields the service does not use are accepted and ignored. */
@BoundedExtraKeys()
export class AgentAssistantDto {
  @ApiProperty({ type: String, example: 'helper' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.string })
  name!: string;

  @ApiProperty({ type: String, example: 'Answers questions about the handbook.' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.string })
  description!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Be precise.' })
  @IsOptional()
  @IsString({ message: MESSAGES.string })
  instructions?: string | null;

  @ApiPropertyOptional({ type: String, description: 'An `https:` or `data:image/…` URL (checked when saved).', example: 'https://example.com/helper.png' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  pictureUrl?: string;

  @ApiPropertyOptional({ enum: AGENT_STATUSES, default: 'active' })
  @IsOmittable()
  @IsIn(AGENT_STATUSES, { message: oneOf(AGENT_STATUSES) })
  status?: (typeof AGENT_STATUSES)[number];

  @ApiPropertyOptional({ enum: AGENT_SCOPE_INPUTS, description: '`hidden` and `private` save a hidden agent; the others a visible one.' })
  @IsOmittable()
  @IsIn(AGENT_SCOPE_INPUTS, { message: oneOf(AGENT_SCOPE_INPUTS) })
  scope?: (typeof AGENT_SCOPE_INPUTS)[number];

  @NestedObject(() => AgentModelDto, 'required')
  model!: AgentModelDto;

  @ApiPropertyOptional({ type: Number, example: 8 })
  @IsOmittable()
  @IsNumber({}, { message: MESSAGES.number })
  maxStepsPerRun?: number;

  @ApiPropertyOptional({
    type: 'array',
    items: {
      oneOf: [
        { type: 'string' },
        { type: 'object', properties: Object.fromEntries(ACTION_ID_KEYS.map((key) => [key, { type: 'string' }])), additionalProperties: true },
      ],
    },
    description: 'Tool ids, or objects naming one (`mcpServerViewId`, `sId`, `internalMCPServerId` or `name`).',
  })
  @IsOmittable()
  @BoundedJson(undefined, { each: true })
  @ValidateBy({ name: 'isAgentAction', validator: { validate: isAgentAction, defaultMessage: () => 'must be tool ids or objects with string ids' } }, { each: true })
  @IsArray({ message: MESSAGES.array })
  actions?: (string | AgentActionInput)[];

  @ApiPropertyOptional({ type: [String] })
  @IsOmittable()
  @IsStringArray()
  toolset?: string[];

  @ApiPropertyOptional({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'object', properties: { sId: { type: 'string' }, name: { type: 'string' } }, required: ['name'], additionalProperties: true }] },
  })
  @IsOmittable()
  @BoundedJson(undefined, { each: true })
  @ValidateBy({ name: 'isAgentTag', validator: { validate: isAgentTag, defaultMessage: () => 'must be tag names or objects with a string name' } }, { each: true })
  @IsArray({ message: MESSAGES.array })
  tags?: (string | AgentTagInput)[];

  @ApiPropertyOptional({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'object', properties: { sId: { type: 'string' } }, required: ['sId'], additionalProperties: true }] },
    description: 'The skills the agent carries (sIds, or `{sId}` objects); each must be readable by the caller and not archived. Absent on a PATCH: the version keeps the skills the agent carries.',
  })
  @IsOmittable()
  @BoundedJson(undefined, { each: true })
  @ValidateBy({ name: 'isAgentSkill', validator: { validate: isAgentSkill, defaultMessage: () => 'must be skill sIds or objects with a string sId' } }, { each: true })
  @IsArray({ message: MESSAGES.array })
  skills?: (string | AgentSkillInput)[];

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: MESSAGES.string })
  templateId?: string | null;

  @ApiPropertyOptional({ type: [String] })
  @IsOmittable()
  @IsStringArray()
  requestedSpaceIds?: string[];

  @ApiPropertyOptional({
    type: 'object',
    properties: {
      servers: { type: 'object', additionalProperties: { type: 'string', enum: [...TOOL_STAKES] } },
      tools: { type: 'object', additionalProperties: { type: 'string', enum: [...TOOL_STAKES] } },
    },
    description: 'Approval stakes per MCP server id and per tool name (a tool wins over its server).',
  })
  @IsOmittable()
  @BoundedJson()
  @ValidateBy({ name: 'isToolStakes', validator: { validate: isToolStakes, defaultMessage: () => `must map ids to one of ${TOOL_STAKES.join(', ')} under servers and tools` } })
  toolStakes?: ToolStakeSettings;

  [key: string]: unknown;
}

/** Body of `POST /api/w/{wId}/assistant/agent_configurations`. */
@BoundedExtraKeys()
export class CreateAgentConfigurationDto {
  @NestedObject(() => AgentAssistantDto, 'required')
  assistant!: AgentAssistantDto;

  [key: string]: unknown;
}

/** Body of a `PATCH`: a new version (`assistant`), the caller's favorite (`userFavorite`), or both. */
@ObjectRule('assistantOrFavorite', (body) =>
  body.assistant === undefined && body.userFavorite === undefined ? 'send "assistant" (a new version) and/or "userFavorite" (a boolean)' : undefined,
)
@BoundedExtraKeys()
export class PatchAgentConfigurationDto {
  @NestedObject(() => AgentAssistantDto, 'omittable')
  assistant?: AgentAssistantDto;

  @OmittableBoolean()
  userFavorite?: boolean;

  [key: string]: unknown;
}

function isToolStakes(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const isStakeMap = (map: unknown) =>
    map === undefined ||
    (typeof map === 'object' && map !== null && !Array.isArray(map) && Object.values(map).every((stake) => (TOOL_STAKES as readonly unknown[]).includes(stake)));
  const { servers, tools, ...rest } = value as Record<string, unknown>;
  return Object.keys(rest).length === 0 && isStakeMap(servers) && isStakeMap(tools);
}
