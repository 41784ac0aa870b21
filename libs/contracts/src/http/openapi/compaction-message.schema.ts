import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { CompactionMessage } from '../conversation-message.types';
import type { CompactConversationResponse, GetMessageResponse } from '../conversation-responses.types';
import { AgentMessageSchema } from './agent-message.schema';
import { ContentNodeContentFragmentSchema, FileContentFragmentSchema } from './content-fragment.schema';
import { MessageBaseSchema } from './resource-base.schema';
import { UserMessageSchema } from './user-message.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

/** Schema of a compaction message (spec 2.9). */
@ApiSchema({ name: 'CompactionMessage' })
export class CompactionMessageSchema extends MessageBaseSchema implements CompactionMessage {
  @ApiProperty({ type: 'string', enum: ['compaction_message'] })
  type!: 'compaction_message';

  @ApiProperty({ type: 'integer' })
  compactionMessageId!: number;

  @ApiProperty({ type: 'string', nullable: true })
  sourceConversationId!: string | null;

  @ApiProperty({ type: 'string', enum: ['created', 'succeeded', 'failed'] })
  status!: CompactionMessage['status'];

  @ApiProperty({ type: 'string', nullable: true, description: 'The summary; null while `created` and after a failure.' })
  content!: string | null;
}

/** Schema of the answer of POST …/compact. */
@ApiSchema({ name: 'CompactConversationResponse' })
export class CompactConversationResponseSchema implements CompactConversationResponse {
  @ApiProperty({ type: () => CompactionMessageSchema, description: 'In status `created`: the summary follows on the conversation event stream.' })
  compactionMessage!: CompactionMessageSchema;
}

/** Schema of one message read now or at an instant (this service's extension). */
@ApiSchema({ name: 'GetMessageResponse' })
@ApiExtraModels(UserMessageSchema, AgentMessageSchema, FileContentFragmentSchema, ContentNodeContentFragmentSchema, CompactionMessageSchema)
export class GetMessageResponseSchema implements GetMessageResponse {
  @ApiProperty({
    oneOf: [
      { $ref: getSchemaPath(UserMessageSchema) },
      { $ref: getSchemaPath(AgentMessageSchema) },
      { $ref: getSchemaPath(FileContentFragmentSchema) },
      { $ref: getSchemaPath(ContentNodeContentFragmentSchema) },
      { $ref: getSchemaPath(CompactionMessageSchema) },
    ],
    description: 'With `at`: an agent answer still running then shows the text streamed by that instant.',
  })
  message!: UserMessageSchema | AgentMessageSchema | FileContentFragmentSchema | ContentNodeContentFragmentSchema | CompactionMessageSchema;
}
