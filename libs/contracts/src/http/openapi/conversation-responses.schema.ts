import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { AgentMessageFeedbackWire } from '../conversation.types';
import type {
  CreateConversationResponse,
  GetConversationResponse,
  ListConversationsResponse,
  ListFeedbacksResponse,
  PostContentFragmentResponse,
  PostMessageResponse,
  RetryMessageResponse,
  SuccessResponse,
} from '../conversation-responses.types';
import { AgentMessageSchema } from './agent-message.schema';
import { ContentNodeContentFragmentSchema, FileContentFragmentSchema } from './content-fragment.schema';
import { ConversationListItemSchema, ConversationSchema } from './conversation.schema';
import { UserMessageSchema } from './user-message.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

type ContentFragmentSchema = FileContentFragmentSchema | ContentNodeContentFragmentSchema;
const CONTENT_FRAGMENT = { oneOf: [{ $ref: getSchemaPath(FileContentFragmentSchema) }, { $ref: getSchemaPath(ContentNodeContentFragmentSchema) }] };

/** Schema of `{ success: true }`, the answer of writes that return nothing else. */
@ApiSchema({ name: 'Success' })
export class SuccessSchema implements SuccessResponse {
  @ApiProperty({ type: 'boolean', enum: [true] })
  success!: true;
}

/** Schema of a created conversation, with the message and fragments posted with it. */
@ApiSchema({ name: 'CreateConversationResponse' })
@ApiExtraModels(FileContentFragmentSchema, ContentNodeContentFragmentSchema)
export class CreateConversationResponseSchema implements CreateConversationResponse {
  @ApiProperty({ type: () => ConversationSchema })
  conversation!: ConversationSchema;

  @ApiPropertyOptional({ type: () => UserMessageSchema, description: 'The first message, when one was posted.' })
  message?: UserMessageSchema;

  @ApiPropertyOptional({ ...CONTENT_FRAGMENT, description: 'The single fragment of the older `contentFragment` field, when used.' })
  contentFragment?: ContentFragmentSchema;

  @ApiProperty({ type: 'array', items: CONTENT_FRAGMENT })
  contentFragments!: ContentFragmentSchema[];
}

/** Schema of one conversation. */
@ApiSchema({ name: 'GetConversationResponse' })
export class GetConversationResponseSchema implements GetConversationResponse {
  @ApiProperty({ type: () => ConversationSchema, description: 'With `limit`: one page of its messages, ranks ascending.' })
  conversation!: ConversationSchema;

  @ApiPropertyOptional({ type: 'boolean', description: 'With `limit` only: older messages exist before this page.' })
  hasMore?: boolean;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: '20',
    description: 'With `limit` only: the `lastValue` that asks for the next, older page (null on the oldest page).',
  })
  lastValue?: string | null;
}

/** Schema of a page of conversations. */
@ApiSchema({ name: 'ListConversationsResponse' })
export class ListConversationsResponseSchema implements ListConversationsResponse {
  @ApiProperty({ type: () => ConversationListItemSchema, isArray: true })
  conversations!: ConversationListItemSchema[];

  @ApiProperty({ type: 'boolean' })
  hasMore!: boolean;

  @ApiProperty({ type: 'integer' })
  offset!: number;

  @ApiProperty({ type: 'integer' })
  limit!: number;
}

/** Schema of a posted (or edited) user message and the agent messages it started. */
@ApiSchema({ name: 'PostMessageResponse' })
export class PostMessageResponseSchema implements PostMessageResponse {
  @ApiProperty({ type: () => UserMessageSchema })
  message!: UserMessageSchema;

  @ApiProperty({ type: () => AgentMessageSchema, isArray: true })
  agentMessages!: AgentMessageSchema[];
}

/** Schema of the new version of a retried agent message. */
@ApiSchema({ name: 'RetryMessageResponse' })
export class RetryMessageResponseSchema implements RetryMessageResponse {
  @ApiProperty({ type: () => AgentMessageSchema })
  message!: AgentMessageSchema;
}

/** Schema of a thumbs feedback on an agent message. */
@ApiSchema({ name: 'AgentMessageFeedback' })
export class AgentMessageFeedbackSchema implements AgentMessageFeedbackWire {
  @ApiProperty({ type: 'string' })
  messageId!: string;

  @ApiProperty({ type: 'integer' })
  agentMessageId!: number;

  @ApiProperty({ type: 'integer' })
  userId!: number;

  @ApiProperty({ type: 'string', enum: ['up', 'down'] })
  thumbDirection!: 'up' | 'down';

  @ApiProperty({ type: 'string', nullable: true })
  content!: string | null;

  @ApiProperty({ type: 'integer' })
  createdAt!: number;

  @ApiProperty({ type: 'string' })
  agentConfigurationId!: string;

  @ApiProperty({ type: 'integer' })
  agentConfigurationVersion!: number;

  @ApiProperty({ type: 'boolean' })
  isConversationShared!: boolean;
}

/** Schema of the feedbacks given in a conversation. */
@ApiSchema({ name: 'ListFeedbacksResponse' })
export class ListFeedbacksResponseSchema implements ListFeedbacksResponse {
  @ApiProperty({ type: () => AgentMessageFeedbackSchema, isArray: true })
  feedbacks!: AgentMessageFeedbackSchema[];
}

/** Schema of a posted content fragment. */
@ApiSchema({ name: 'PostContentFragmentResponse' })
@ApiExtraModels(FileContentFragmentSchema, ContentNodeContentFragmentSchema)
export class PostContentFragmentResponseSchema implements PostContentFragmentResponse {
  @ApiProperty({ ...CONTENT_FRAGMENT, description: 'The fragment, at the next rank of the conversation.' })
  contentFragment!: ContentFragmentSchema;
}
