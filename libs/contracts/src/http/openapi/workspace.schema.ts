import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { REASONING_EFFORTS, type ReasoningEffort } from '../../language-models/model.types';
import type {
  CreateSpaceResponse,
  DisabledProviderResponse,
  GetSpaceResponse,
  GetWorkspaceExistsResponse,
  GetWorkspaceFeatureFlagsResponse,
  GetWorkspaceResponse,
  ListSpacesResponse,
  ListWorkspaceModelsResponse,
  SpaceMemberResponse,
  SpaceResponse,
  WorkspaceModelResponse,
  WorkspaceResponse,
} from '../workspace.types';
import { ConversationOwnerSchema } from './conversation.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

/** Schema of the workspace as the private API returns it. */
@ApiSchema({ name: 'Workspace' })
export class WorkspaceSchema extends ConversationOwnerSchema implements WorkspaceResponse {
  // A redeclared property keeps the owner's options and takes these on top (descriptions added, the
  // last two fields always present). Without a `type` here it takes the TypeScript one: `Object`
  // suits `metadata`, but `role` and `whiteListedProviders` need theirs restated.
  @ApiProperty({ type: 'string', description: "The caller's role." })
  declare role: WorkspaceResponse['role'];

  @ApiProperty({ type: 'string', isArray: true, description: 'Model providers allowed; null allows all.' })
  declare whiteListedProviders: string[] | null;

  @ApiProperty({ required: true })
  declare ssoEnforced: boolean;

  @ApiProperty({ required: true })
  declare metadata: Record<string, unknown> | null;
}

/** Schema of a space of the workspace. */
@ApiSchema({ name: 'Space' })
export class SpaceSchema implements SpaceResponse {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', example: 'global' })
  kind!: string;

  @ApiProperty({ type: 'boolean' })
  isRestricted!: boolean;

  @ApiProperty({ type: 'string', isArray: true })
  groupIds!: string[];

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  createdAt!: number;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  updatedAt!: number;
}

/** Schema of `{ workspace }`. */
@ApiSchema({ name: 'GetWorkspaceResponse' })
export class GetWorkspaceResponseSchema implements GetWorkspaceResponse {
  @ApiProperty({ type: () => WorkspaceSchema })
  workspace!: WorkspaceSchema;
}

/** Schema of `{ feature_flags }`. */
@ApiSchema({ name: 'GetWorkspaceFeatureFlagsResponse' })
export class GetWorkspaceFeatureFlagsResponseSchema implements GetWorkspaceFeatureFlagsResponse {
  @ApiProperty({ type: String, isArray: true, example: ['labs_trackers'] })
  feature_flags!: string[];
}

/** Schema of `{ exists: true }`. */
@ApiSchema({ name: 'GetWorkspaceExistsResponse' })
export class GetWorkspaceExistsResponseSchema implements GetWorkspaceExistsResponse {
  @ApiProperty({ enum: [true] })
  exists!: true;
}

/** Schema of `{ spaces }`. */
@ApiSchema({ name: 'ListSpacesResponse' })
export class ListSpacesResponseSchema implements ListSpacesResponse {
  @ApiProperty({ type: () => SpaceSchema, isArray: true })
  spaces!: SpaceSchema[];
}

/** Schema of a restricted space's member. */
@ApiSchema({ name: 'SpaceMember' })
export class SpaceMemberSchema implements SpaceMemberResponse {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string', description: 'The name, or empty when the person gave none.' })
  fullName!: string;

  @ApiProperty({ type: 'string' })
  email!: string;
}

/** Schema of a space with its members. */
@ApiSchema({ name: 'SpaceWithMembers' })
export class SpaceWithMembersSchema extends SpaceSchema {
  @ApiProperty({ type: () => SpaceMemberSchema, isArray: true, description: "A restricted space's members; empty for an open space, which every member of the workspace sees." })
  members!: SpaceMemberSchema[];
}

/** Schema of `{ space }` with its members. */
@ApiSchema({ name: 'GetSpaceResponse' })
export class GetSpaceResponseSchema implements GetSpaceResponse {
  @ApiProperty({ type: () => SpaceWithMembersSchema })
  space!: SpaceWithMembersSchema;
}

/** Schema of `{ space }`. */
@ApiSchema({ name: 'CreateSpaceResponse' })
export class CreateSpaceResponseSchema implements CreateSpaceResponse {
  @ApiProperty({ type: () => SpaceSchema })
  space!: SpaceSchema;
}

/** Schema of a model the workspace allows. */
@ApiSchema({ name: 'WorkspaceModel' })
export class WorkspaceModelSchema implements WorkspaceModelResponse {
  @ApiProperty({ type: 'string', example: 'openai' })
  providerId!: string;

  @ApiProperty({ type: 'string', example: 'gpt-4.1' })
  modelId!: string;

  @ApiProperty({ type: 'string', example: 'GPT-4.1' })
  displayName!: string;

  @ApiProperty({ type: 'integer', description: 'Context window in tokens.' })
  contextSize!: number;

  @ApiProperty({ type: 'string', enum: REASONING_EFFORTS, isArray: true })
  reasoningEfforts!: ReasoningEffort[];

  @ApiProperty({ type: 'string', enum: REASONING_EFFORTS })
  defaultReasoningEffort!: ReasoningEffort;

  @ApiProperty({ type: 'boolean', description: 'Whether attached images are sent to it.' })
  acceptsImages!: boolean;
}

/** Schema of a provider the workspace may not use. */
@ApiSchema({ name: 'DisabledProvider' })
export class DisabledProviderSchema implements DisabledProviderResponse {
  @ApiProperty({ type: 'string' })
  providerId!: string;

  @ApiProperty({ type: 'string', description: 'Why, in a sentence for a person to read.' })
  reason!: string;
}

/** Schema of `{ models, disabledProviders }`. */
@ApiSchema({ name: 'ListWorkspaceModelsResponse' })
export class ListWorkspaceModelsResponseSchema implements ListWorkspaceModelsResponse {
  @ApiProperty({ type: () => WorkspaceModelSchema, isArray: true })
  models!: WorkspaceModelSchema[];

  @ApiProperty({ type: () => DisabledProviderSchema, isArray: true, description: "The deployment's providers of which the workspace's policy allows no model." })
  disabledProviders!: DisabledProviderSchema[];
}
