import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type * as Wire from '../project.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of a project's metadata. */
@ApiSchema({ name: 'ProjectMetadata' })
export class ProjectMetadataSchema implements Wire.ProjectMetadataResponse {
  @ApiProperty({ type: 'string', example: 'pmd_aBcDeFgHiJkL' })
  sId!: string;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  createdAt!: number;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  updatedAt!: number;

  @ApiProperty({ type: 'string', example: 'vlt_aBcDeFgHiJkL' })
  spaceId!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'string', isArray: true, example: [':mention_user[Ada]{sId=Us3r000001}'] })
  members!: string[];
}

/** Schema of `{ metadata }`. */
@ApiSchema({ name: 'GetProjectMetadataResponse' })
export class GetProjectMetadataResponseSchema implements Wire.GetProjectMetadataResponse {
  @ApiProperty({ type: () => ProjectMetadataSchema, nullable: true })
  metadata!: ProjectMetadataSchema | null;
}

/** Schema of `{ projectMetadata }`. */
@ApiSchema({ name: 'PatchProjectMetadataResponse' })
export class PatchProjectMetadataResponseSchema implements Wire.PatchProjectMetadataResponse {
  @ApiProperty({ type: () => ProjectMetadataSchema })
  projectMetadata!: ProjectMetadataSchema;
}

/** Schema of `{ conversationIds }`. */
@ApiSchema({ name: 'GetSpaceConversationIdsResponse' })
export class GetSpaceConversationIdsResponseSchema implements Wire.GetSpaceConversationIdsResponse {
  @ApiProperty({ type: 'string', isArray: true })
  conversationIds!: string[];
}

/** Schema of the author of a synced user message. */
@ApiSchema({ name: 'SyncedUser' })
export class SyncedUserSchema implements Wire.SyncedUser {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string', nullable: true })
  fullName!: string | null;

  @ApiProperty({ type: 'string' })
  username!: string;

  @ApiProperty({ type: 'string', nullable: true })
  email!: string | null;
}

/** Schema of a content fragment sent with a synced user message. */
@ApiSchema({ name: 'SyncedContentFragment' })
export class SyncedContentFragmentSchema implements Wire.SyncedContentFragment {
  @ApiProperty({ type: 'string', enum: ['content_fragment'] })
  type!: 'content_fragment';

  @ApiProperty({ type: 'integer' })
  created!: number;

  @ApiProperty({ type: 'string', example: 'visible' })
  visibility!: string;

  @ApiProperty({ type: 'string' })
  contentFragmentId!: string;

  @ApiProperty({ type: 'string', example: 'text/plain' })
  contentType!: string;

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ type: 'integer' })
  version!: number;

  @ApiProperty({ type: 'string', nullable: true })
  sourceUrl!: string | null;
}

/** Schema of a synced user message. */
@ApiSchema({ name: 'SyncedUserMessage' })
export class SyncedUserMessageSchema implements Wire.SyncedUserMessage {
  @ApiProperty({ type: 'string', enum: ['user_message'] })
  type!: 'user_message';

  @ApiProperty({ type: 'integer' })
  created!: number;

  @ApiProperty({ type: 'string', example: 'visible' })
  visibility!: string;

  @ApiProperty({ type: () => SyncedUserSchema, nullable: true })
  user!: SyncedUserSchema | null;

  @ApiProperty({ type: 'string' })
  content!: string;

  @ApiProperty({ type: () => SyncedContentFragmentSchema, isArray: true })
  contentFragments!: SyncedContentFragmentSchema[];
}

/** Schema of the agent named by a synced agent message. */
@ApiSchema({ name: 'SyncedAgent' })
export class SyncedAgentSchema implements Wire.SyncedAgent {
  @ApiProperty({ type: 'string' })
  name!: string;
}

/** Schema of a synced agent message. */
@ApiSchema({ name: 'SyncedAgentMessage' })
export class SyncedAgentMessageSchema implements Wire.SyncedAgentMessage {
  @ApiProperty({ type: 'string', enum: ['agent_message'] })
  type!: 'agent_message';

  @ApiProperty({ type: 'integer' })
  created!: number;

  @ApiProperty({ type: 'string', example: 'visible' })
  visibility!: string;

  @ApiProperty({ type: () => SyncedAgentSchema })
  configuration!: SyncedAgentSchema;

  @ApiProperty({ type: 'string', nullable: true })
  content!: string | null;
}

/** Schema of a conversation of a space as a data source sync reads it. */
@ApiSchema({ name: 'SyncedConversation' })
@ApiExtraModels(SyncedUserMessageSchema, SyncedAgentMessageSchema)
export class SyncedConversationSchema implements Wire.SyncedConversation {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'integer' })
  created!: number;

  @ApiProperty({ type: 'integer' })
  updated!: number;

  @ApiProperty({ type: 'string', nullable: true })
  title!: string | null;

  @ApiProperty({ type: 'string', example: 'unlisted', description: 'deleted for a conversation deleted since, so that a sync removes it.' })
  visibility!: string;

  @ApiProperty({ type: 'string' })
  url!: string;

  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(SyncedUserMessageSchema) }, { $ref: getSchemaPath(SyncedAgentMessageSchema) }] },
    description: 'The latest version of each user and agent message, in order.',
  })
  content!: (SyncedUserMessageSchema | SyncedAgentMessageSchema)[];
}

/** Schema of `{ conversations }`. */
@ApiSchema({ name: 'GetSpaceConversationsResponse' })
export class GetSpaceConversationsResponseSchema implements Wire.GetSpaceConversationsResponse {
  @ApiProperty({ type: () => SyncedConversationSchema, isArray: true })
  conversations!: SyncedConversationSchema[];
}
