import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type {
  AgenticMessageData,
  AgentMention,
  Reaction,
  ReactionUser,
  RichMention,
  RichMentionStatus,
  UserMention,
  UserMessage,
  UserMessageContext,
} from '../conversation-message.types';
import { MessageBaseSchema } from './resource-base.schema';
import { UserSchema } from './user.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

export const RICH_MENTION_STATUSES: RichMentionStatus[] = [
  'pending_conversation_access',
  'pending_project_membership',
  'approved',
  'rejected',
  'user_restricted_by_conversation_access',
  'agent_restricted_by_space_usage',
];

/** Schema of a mention of an agent. */
@ApiSchema({ name: 'AgentMention' })
export class AgentMentionSchema implements AgentMention {
  @ApiProperty({ type: 'string', description: 'sId of the mentioned agent configuration.' })
  configurationId!: string;
}

/** Schema of a mention of a user. */
@ApiSchema({ name: 'UserMention' })
export class UserMentionSchema implements UserMention {
  @ApiProperty({ type: 'string', enum: ['user'] })
  type!: 'user';

  @ApiProperty({ type: 'string' })
  userId!: string;
}

/** Schema of a mention with display data and a status. */
@ApiSchema({ name: 'RichMention' })
export class RichMentionSchema implements RichMention {
  @ApiProperty({ type: 'string' })
  id!: string;

  @ApiProperty({ type: 'string', enum: ['agent', 'user'] })
  type!: RichMention['type'];

  @ApiProperty({ type: 'string' })
  label!: string;

  @ApiProperty({ type: 'string' })
  pictureUrl!: string;

  @ApiProperty({ type: 'string' })
  description!: string;

  @ApiPropertyOptional({ type: 'boolean' })
  userFavorite?: boolean;

  @ApiProperty({ type: 'boolean' })
  dismissed!: boolean;

  @ApiProperty({ type: 'string', enum: RICH_MENTION_STATUSES })
  status!: RichMentionStatus;
}

/** Schema of one user who reacted. */
@ApiSchema({ name: 'ReactionUser' })
export class ReactionUserSchema implements ReactionUser {
  @ApiProperty({ type: 'string', nullable: true })
  userId!: string | null;

  @ApiProperty({ type: 'string' })
  username!: string;

  @ApiProperty({ type: 'string', nullable: true })
  fullName!: string | null;
}

/** Schema of a reaction to a message. */
@ApiSchema({ name: 'Reaction' })
export class ReactionSchema implements Reaction {
  @ApiProperty({ type: 'string' })
  emoji!: string;

  @ApiProperty({ type: () => ReactionUserSchema, isArray: true })
  users!: ReactionUserSchema[];
}

/** Schema of the context of a user message. */
@ApiSchema({ name: 'UserMessageContext' })
export class UserMessageContextSchema implements UserMessageContext {
  @ApiProperty({ type: 'string' })
  username!: string;

  @ApiProperty({ type: 'string', example: 'Europe/Paris' })
  timezone!: string;

  @ApiPropertyOptional({ type: 'string', nullable: true })
  fullName?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true })
  email?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true })
  profilePictureUrl?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'api' })
  origin?: string | null;

  @ApiPropertyOptional({ type: 'string', isArray: true })
  selectedSpaceIds?: string[];

  @ApiPropertyOptional({ type: 'string', isArray: true, nullable: true })
  clientSideMCPServerIds?: string[] | null;

  @ApiPropertyOptional({ type: 'string', isArray: true, nullable: true })
  selectedMCPServerViewIds?: string[] | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  lastTriggerRunAt?: number | null;
}

/** Schema of the marker of a message an agent posted for another agent. */
@ApiSchema({ name: 'AgenticMessageData' })
export class AgenticMessageDataSchema implements AgenticMessageData {
  @ApiProperty({ type: 'string', enum: ['run_agent', 'agent_handover'] })
  type!: AgenticMessageData['type'];

  @ApiProperty({ type: 'string' })
  originMessageId!: string;
}

/** Schema of a user message. */
@ApiSchema({ name: 'UserMessage' })
@ApiExtraModels(AgentMentionSchema, UserMentionSchema)
export class UserMessageSchema extends MessageBaseSchema implements UserMessage {
  // A redeclared property keeps the base's options and takes these on top; without its own `type`
  // it would take the TypeScript type (`number`), not `integer`.
  @ApiProperty({ type: 'integer', description: 'Edit count: 0 for the original.' })
  declare version: number;

  @ApiProperty({ type: 'integer', description: 'Position in the conversation.' })
  declare rank: number;

  @ApiProperty({ type: 'string', enum: ['user_message'] })
  type!: 'user_message';

  @ApiProperty({ type: () => UserSchema, nullable: true, description: 'The member who posted it; null for a message posted with a workspace key.' })
  user!: UserSchema | null;

  @ApiProperty({ type: 'array', items: { oneOf: [{ $ref: getSchemaPath(AgentMentionSchema) }, { $ref: getSchemaPath(UserMentionSchema) }] } })
  mentions!: (AgentMentionSchema | UserMentionSchema)[];

  @ApiProperty({ type: () => RichMentionSchema, isArray: true })
  richMentions!: RichMentionSchema[];

  @ApiProperty({ type: 'string' })
  content!: string;

  @ApiProperty({ type: () => UserMessageContextSchema })
  context!: UserMessageContextSchema;

  @ApiProperty({ type: () => AgenticMessageDataSchema, nullable: true })
  agenticMessageData!: AgenticMessageDataSchema | null;

  @ApiProperty({ type: () => ReactionSchema, isArray: true })
  reactions!: ReactionSchema[];
}
