import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type {
  Conversation,
  ConversationListItem,
  ConversationVisibility,
  ForkedChild,
  ForkedFrom,
  ForkingData,
  ForkPoint,
  ForkUser,
  WorkspaceRole,
  WorkspaceWire,
} from '../conversation.types';
import { CONVERSATION_MESSAGE_ONE_OF, CONVERSATION_MESSAGE_SCHEMAS, type ConversationMessageSchema } from './conversation-message-union.schema';
import { ResourceBaseSchema } from './resource-base.schema';
import { NULLABLE_FREE_FORM, STRING_ARRAYS } from './schema-shapes';
import { UserSchema } from './user.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

const ROLES: WorkspaceRole[] = ['admin', 'builder', 'user', 'none'];
const VISIBILITIES: ConversationVisibility[] = ['unlisted', 'deleted', 'test'];

/** Schema of the workspace that owns a conversation. */
@ApiSchema({ name: 'ConversationOwner' })
export class ConversationOwnerSchema implements WorkspaceWire {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', enum: ROLES })
  role!: WorkspaceRole;

  @ApiProperty({ type: 'boolean' })
  regionalModelsOnly!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  segmentation!: string | null;

  @ApiProperty({ type: 'string', isArray: true, nullable: true })
  whiteListedProviders!: string[] | null;

  @ApiProperty({ type: 'string', nullable: true })
  defaultEmbeddingProvider!: string | null;

  @ApiPropertyOptional({ type: 'boolean' })
  ssoEnforced?: boolean;

  @ApiPropertyOptional(NULLABLE_FREE_FORM)
  metadata?: Record<string, unknown> | null;
}

/** Schema of the user who forked a conversation. */
@ApiSchema({ name: 'ForkUser' })
export class ForkUserSchema extends UserSchema implements ForkUser {
  @ApiProperty({ type: 'integer', nullable: true })
  lastLoginAt!: number | null;
}

// The fields both ends of a fork share; each end's class is a schema of its own, so this one never is.
abstract class ForkPointSchema implements ForkPoint {
  @ApiProperty({ type: 'string' })
  sourceMessageId!: string;

  @ApiProperty({ type: 'integer' })
  branchedAt!: number;

  @ApiProperty({ type: () => ForkUserSchema })
  user!: ForkUserSchema;
}

/** Schema of where a forked conversation comes from. */
@ApiSchema({ name: 'ForkedFrom' })
export class ForkedFromSchema extends ForkPointSchema implements ForkedFrom {
  @ApiProperty({ type: 'string' })
  parentConversationId!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parentConversationTitle!: string | null;

  @ApiProperty({ type: 'string', enum: ['pending', 'done'] })
  fileCopyStatus!: ForkedFrom['fileCopyStatus'];
}

/** Schema of a conversation forked from this one. */
@ApiSchema({ name: 'ForkedChild' })
export class ForkedChildSchema extends ForkPointSchema implements ForkedChild {
  @ApiProperty({ type: 'string' })
  childConversationId!: string;

  @ApiProperty({ type: 'string', nullable: true })
  childConversationTitle!: string | null;
}

/** Schema of a conversation's forking data. */
@ApiSchema({ name: 'ForkingData' })
export class ForkingDataSchema implements ForkingData {
  @ApiPropertyOptional({ type: () => ForkedFromSchema })
  forkedFrom?: ForkedFromSchema;

  @ApiProperty({ type: () => ForkedChildSchema, isArray: true })
  forkedChildren!: ForkedChildSchema[];
}

/** Schema of a conversation without its content, as the list returns it. */
@ApiSchema({ name: 'ConversationListItem' })
export class ConversationListItemSchema extends ResourceBaseSchema implements ConversationListItem {
  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  updated!: number;

  @ApiProperty({ type: () => ConversationOwnerSchema })
  owner!: ConversationOwnerSchema;

  @ApiProperty({ type: 'string', nullable: true })
  title!: string | null;

  @ApiProperty({ type: 'string', enum: VISIBILITIES })
  visibility!: ConversationVisibility;

  @ApiProperty({ type: 'integer' })
  depth!: number;

  @ApiProperty({ type: 'boolean' })
  unread!: boolean;

  @ApiProperty({ type: 'integer', nullable: true })
  lastReadMs!: number | null;

  @ApiProperty({ type: 'boolean' })
  actionRequired!: boolean;

  @ApiProperty({ type: 'boolean' })
  hasError!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  spaceId!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  triggerId!: string | null;

  @ApiProperty(NULLABLE_FREE_FORM)
  metadata!: Record<string, unknown> | null;

  @ApiProperty({ type: 'string', isArray: true })
  requestedSpaceIds!: string[];

  @ApiProperty(STRING_ARRAYS)
  requestedGroupIds!: string[][];

  @ApiProperty({ type: 'string', isArray: true })
  groupIds!: string[];

  @ApiPropertyOptional({ type: () => ForkingDataSchema })
  forkingData?: ForkingDataSchema;
}

/** Schema of a full conversation, its content in rank order. */
@ApiSchema({ name: 'Conversation' })
@ApiExtraModels(...CONVERSATION_MESSAGE_SCHEMAS)
export class ConversationSchema extends ConversationListItemSchema implements Conversation {
  @ApiProperty({
    type: 'array',
    description:
      'One entry per rank; each entry lists the versions of that message, oldest first. Compaction messages appear on the private family only (the official client does not know them).',
    items: {
      type: 'array',
      items: CONVERSATION_MESSAGE_ONE_OF,
    },
  })
  content!: ConversationMessageSchema[][];

  @ApiProperty({ type: 'string', description: 'Where the conversation is shown in the web app.' })
  url!: string;

  @ApiPropertyOptional({
    type: 'string',
    pattern: '^\\d+$',
    example: '12',
    description: "The id of the conversation's last event this answer shows: `…/events?lastEventId=` with it follows what comes next.",
  })
  lastEventId?: string;
}
