import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsString, ValidateNested } from 'class-validator';
import { NonEmptyText, NullableText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { OnlyKeys } from './validation/only-keys.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray, LengthAtMost } from './validation/string.decorator';
import { MESSAGES, itemCount, oneOf } from './validation/validation.messages';

/** Ids a skill may name per list; names, descriptions and instructions as the skill decider bounds them. */
export const SKILL_FIELD_BOUNDS = { ids: 64, idLength: 64, name: 64, description: 1_024, instructions: 64_000 } as const;

export const SKILL_LIST_STATUSES = ['active', 'archived', 'suggested'] as const;
export type SkillListStatus = (typeof SKILL_LIST_STATUSES)[number];
export const SKILL_SAVED_STATUSES = ['active', 'suggested'] as const;
export const SKILL_IMPORT_CONFLICTS = ['error', 'skip', 'override'] as const;
export type SkillImportConflict = (typeof SKILL_IMPORT_CONFLICTS)[number];

/** One tool of a skill, as the real product names it: an MCP server view. */
@OnlyKeys(['mcpServerViewId'])
export class SkillToolDto {
  @NonEmptyText(SKILL_FIELD_BOUNDS.idLength, 'required', { example: 'msv_3kq9Zb1Lm0Xa' })
  mcpServerViewId!: string;
}

function SkillIdList(description: string): PropertyDecorator {
  return InOrder(
    IsOmittable(),
    IsStringArray({ maxItems: SKILL_FIELD_BOUNDS.ids, itemMinLength: 1, itemMaxLength: SKILL_FIELD_BOUNDS.idLength }),
    ApiPropertyOptional({ type: [String], maxItems: SKILL_FIELD_BOUNDS.ids, description }),
  );
}

const FIELDS = [
  'name',
  'agentFacingDescription',
  'userFacingDescription',
  'instructions',
  'icon',
  'tools',
  'dataSourceViewIds',
  'fileIds',
  'editorIds',
  'requestedSpaceIds',
  'status',
] as const;

/** The fields of a skill but its name and instructions, optional everywhere (class-validator merges inherited rules, so those two are declared apart). */
abstract class SkillFieldsDto {
  @ApiPropertyOptional({ maxLength: SKILL_FIELD_BOUNDS.description, description: 'What the model reads to decide whether to enable the skill.' })
  @IsOmittable()
  @LengthAtMost(SKILL_FIELD_BOUNDS.description)
  @IsString({ message: MESSAGES.string })
  agentFacingDescription?: string;

  @NullableText(SKILL_FIELD_BOUNDS.description, { description: 'What members read in the skill list.' })
  userFacingDescription?: string | null;

  @NullableText(256)
  icon?: string | null;

  @ApiPropertyOptional({ type: [SkillToolDto], maxItems: SKILL_FIELD_BOUNDS.ids })
  @IsOmittable()
  @ValidateNested({ each: true })
  @Type(() => SkillToolDto)
  @ArrayMaxSize(SKILL_FIELD_BOUNDS.ids, { message: itemCount('at most', SKILL_FIELD_BOUNDS.ids) })
  @IsArray({ message: MESSAGES.array })
  tools?: SkillToolDto[];

  @SkillIdList('Data source views whose knowledge the skill brings (searched by the agent when the skill is enabled).')
  dataSourceViewIds?: string[];

  @SkillIdList('Files attached to the skill (uploaded with useCase `skill_attachment`, or imported beside its SKILL.md).')
  fileIds?: string[];

  @SkillIdList('Members who may change the skill besides admins (builders who create one are added).')
  editorIds?: string[];

  @SkillIdList('Spaces a member must see to read the skill and its files (the spaces of its views are added).')
  requestedSpaceIds?: string[];

  @ApiPropertyOptional({ enum: SKILL_SAVED_STATUSES })
  @IsOmittable()
  @IsIn(SKILL_SAVED_STATUSES, { message: oneOf(SKILL_SAVED_STATUSES) })
  status?: (typeof SKILL_SAVED_STATUSES)[number];
}

/** `PATCH …/skills/{sId}`: each field sent replaces its value, the others stay. */
@OnlyKeys(FIELDS)
export class SkillPatchDto extends SkillFieldsDto {
  @NonEmptyText(SKILL_FIELD_BOUNDS.name, 'omittable', { example: 'release-notes' })
  name?: string;

  @ApiPropertyOptional({ maxLength: SKILL_FIELD_BOUNDS.instructions })
  @IsOmittable()
  @LengthAtMost(SKILL_FIELD_BOUNDS.instructions)
  @IsString({ message: MESSAGES.string })
  instructions?: string;
}

/** `POST …/skills`: the body of the real product (name, descriptions, instructions, icon, tools) and the rest of a skill. */
@OnlyKeys(FIELDS)
export class CreateSkillDto extends SkillFieldsDto {
  @NonEmptyText(SKILL_FIELD_BOUNDS.name, 'required', { example: 'release-notes' })
  name!: string;

  @ApiProperty({ maxLength: SKILL_FIELD_BOUNDS.instructions })
  @IsDefined({ message: MESSAGES.required })
  @LengthAtMost(SKILL_FIELD_BOUNDS.instructions)
  @IsString({ message: MESSAGES.string })
  instructions!: string;
}

/** `GET …/skills?status=`. */
export class ListSkillsQueryDto {
  @ApiPropertyOptional({ enum: SKILL_LIST_STATUSES, default: 'active' })
  @IsOmittable()
  @IsIn(SKILL_LIST_STATUSES, { message: oneOf(SKILL_LIST_STATUSES) })
  status?: SkillListStatus;
}

/** `POST …/skills/import?onConflict=`: what to do with a skill whose name an active skill already has. */
export class ImportSkillsQueryDto {
  @ApiPropertyOptional({ enum: SKILL_IMPORT_CONFLICTS, default: 'error' })
  @IsOmittable()
  @IsIn(SKILL_IMPORT_CONFLICTS, { message: oneOf(SKILL_IMPORT_CONFLICTS) })
  onConflict?: SkillImportConflict;
}

/** `POST …/assistant/agent_configurations/{aId}/skills`: the skills an agent carries (replaces the list; saved as a new version). */
@OnlyKeys(['skillIds'])
export class AgentSkillsDto {
  @ApiProperty({ type: [String], maxItems: SKILL_FIELD_BOUNDS.ids })
  @IsDefined({ message: MESSAGES.required })
  @IsStringArray({ maxItems: SKILL_FIELD_BOUNDS.ids, itemMinLength: 1, itemMaxLength: SKILL_FIELD_BOUNDS.idLength })
  skillIds!: string[];
}

/** `POST …/conversations/{cId}/skills`: a member enables a skill in a conversation, or disables it. */
@OnlyKeys(['action', 'skillId'])
export class ConversationSkillDto {
  @ApiProperty({ enum: ['enable', 'disable'] })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(['enable', 'disable'], { message: oneOf(['enable', 'disable']) })
  action!: 'enable' | 'disable';

  @NonEmptyText(SKILL_FIELD_BOUNDS.idLength, 'required', { example: 'skl_3kq9Zb1Lm0Xa' })
  skillId!: string;
}
