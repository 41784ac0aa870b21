import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { CompactionMessage } from '../conversation-message.types';
import type { CompactConversationResponse } from '../conversation-responses.types';
import { MessageBaseSchema } from './resource-base.schema';

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
