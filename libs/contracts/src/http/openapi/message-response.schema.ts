import { ApiExtraModels, ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { GetMessageResponse } from '../conversation-responses.types';
import { CONVERSATION_MESSAGE_ONE_OF, CONVERSATION_MESSAGE_SCHEMAS, type ConversationMessageSchema } from './conversation-message-union.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

/** Schema of one message read now or at an instant (this service's extension). */
@ApiSchema({ name: 'GetMessageResponse' })
@ApiExtraModels(...CONVERSATION_MESSAGE_SCHEMAS)
export class GetMessageResponseSchema implements GetMessageResponse {
  @ApiProperty({ ...CONVERSATION_MESSAGE_ONE_OF, description: 'With `at`: an agent answer still running then shows the text streamed by that instant.' })
  message!: ConversationMessageSchema;
}
