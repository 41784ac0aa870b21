import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsOptional, IsString, Matches } from 'class-validator';
import type { WorkspaceSettings } from '../events/workspace.events';
import { OmittableBoolean } from './validation/field.decorator';
import { BoundedJson, describeBounds, FREE_FORM_BOUNDS } from './validation/free-form.decorator';
import { ObjectRule, sentKeys } from './validation/object-rule.decorator';
import { OnlyKeys } from './validation/only-keys.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { LengthAtMost, NotBlank } from './validation/string.decorator';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
// Workspace metadata has always been allowed 64 KiB, more than other free-form fields; the depth bound is theirs.
const METADATA_BOUNDS = { ...FREE_FORM_BOUNDS, maxBytes: 64 * 1024 };

/** The changes one update may make: each group of keys is sent alone. */
const SETTINGS_GROUPS = [['name'], ['ssoEnforced'], ['defaultEmbeddingProvider', 'whiteListedProviders'], ['regionalModelsOnly'], ['segmentation'], ['metadata']];

function settingsGroupProblem(body: Readonly<Record<string, unknown>>): string | undefined {
  const keys = sentKeys(body).sort().join(',');
  // Lifting the allow-list (`null`: every provider of the deployment again) says nothing about embeddings.
  if (keys === 'whiteListedProviders' && body.whiteListedProviders === null) return undefined;
  return SETTINGS_GROUPS.some((group) => group.join(',') === keys)
    ? undefined
    : 'send exactly one of {name}, {ssoEnforced}, {whiteListedProviders, defaultEmbeddingProvider}, {regionalModelsOnly}, {segmentation}, {metadata}';
}

const NAME = { message: 'must be a non-empty string of at most 255 characters' };
const PROVIDERS = { message: 'must be an array of provider ids' };

/** A workspace settings update: exactly one group of `SETTINGS_GROUPS`, as the real service accepts them. */
@OnlyKeys(SETTINGS_GROUPS.flat())
@ObjectRule('oneSettingsGroup', settingsGroupProblem)
export class UpdateWorkspaceSettingsDto {
  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: 255, example: 'Acme Corp' })
  @IsOmittable()
  @LengthAtMost(255, NAME)
  @NotBlank(NAME)
  @IsString(NAME)
  name?: string;

  @OmittableBoolean()
  ssoEnforced?: boolean;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description: 'Provider ids, sent with defaultEmbeddingProvider; or null, alone or with it, for every provider the deployment enables.',
    example: ['anthropic'],
  })
  @IsOptional()
  @Matches(PROVIDER_ID, { each: true, ...PROVIDERS })
  @IsString({ each: true, ...PROVIDERS })
  @IsArray(PROVIDERS)
  whiteListedProviders?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sent with whiteListedProviders.', example: null })
  @IsOptional()
  @Matches(PROVIDER_ID, { message: 'must be a provider id or null' })
  @IsString({ message: 'must be a provider id or null' })
  defaultEmbeddingProvider?: string | null;

  @OmittableBoolean()
  regionalModelsOnly?: boolean;

  @ApiPropertyOptional({ type: String, maxLength: 255, nullable: true })
  @IsOptional()
  @LengthAtMost(255, { message: 'must be a string of at most 255 characters or null' })
  @IsString({ message: 'must be a string of at most 255 characters or null' })
  segmentation?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: describeBounds(METADATA_BOUNDS) })
  @IsOptional()
  @BoundedJson(METADATA_BOUNDS)
  @IsObject({ message: 'must be an object or null' })
  metadata?: Record<string, unknown> | null;
}

/** The settings a validated update changes (the name trimmed, the providers without repeats). */
export function workspaceSettingsChanges(update: UpdateWorkspaceSettingsDto): Partial<WorkspaceSettings> {
  if (update.name !== undefined) return { name: update.name.trim() };
  if (update.ssoEnforced !== undefined) return { ssoEnforced: update.ssoEnforced };
  if (update.whiteListedProviders === null) {
    return { whiteListedProviders: null, ...(update.defaultEmbeddingProvider !== undefined ? { defaultEmbeddingProvider: update.defaultEmbeddingProvider } : {}) };
  }
  if (update.whiteListedProviders !== undefined) {
    return { whiteListedProviders: [...new Set(update.whiteListedProviders)], defaultEmbeddingProvider: update.defaultEmbeddingProvider ?? null };
  }
  if (update.regionalModelsOnly !== undefined) return { regionalModelsOnly: update.regionalModelsOnly };
  if (update.segmentation !== undefined) return { segmentation: update.segmentation };
  return { metadata: update.metadata ?? null };
}
