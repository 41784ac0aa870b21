import { getSchemaPath } from '@nestjs/swagger';
import { AgentMessageSchema } from './agent-message.schema';
import { CompactionMessageSchema } from './compaction-message.schema';
import { ContentNodeContentFragmentSchema, ExpiredContentNodeContentFragmentSchema, FileContentFragmentSchema } from './content-fragment.schema';
import { UserMessageSchema } from './user-message.schema';

/** Every kind of message of a conversation's content, as schema classes. */
export const CONVERSATION_MESSAGE_SCHEMAS = [UserMessageSchema, AgentMessageSchema, FileContentFragmentSchema, ContentNodeContentFragmentSchema, ExpiredContentNodeContentFragmentSchema, CompactionMessageSchema];

/** Any message of a conversation's content. */
export type ConversationMessageSchema =
  | UserMessageSchema
  | AgentMessageSchema
  | FileContentFragmentSchema
  | ContentNodeContentFragmentSchema
  | ExpiredContentNodeContentFragmentSchema
  | CompactionMessageSchema;

/** `oneOf` of every kind of message (the classes must be listed as extra models where it is used). */
export const CONVERSATION_MESSAGE_ONE_OF = { oneOf: CONVERSATION_MESSAGE_SCHEMAS.map((schema) => ({ $ref: getSchemaPath(schema) })) };
