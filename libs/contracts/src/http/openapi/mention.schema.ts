import { ApiProperty, ApiPropertyOptional, ApiSchema, PickType } from '@nestjs/swagger';
import type { RichMentionStatus } from '../conversation-message.types';
import type { GetMentionSuggestionsResponse, MentionSuggestion, ParseMentionsResponse } from '../mention-suggestions.types';
import { RICH_MENTION_STATUSES, RichMentionSchema } from './user-message.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of one mention suggestion. */
@ApiSchema({ name: 'MentionSuggestion' })
export class MentionSuggestionSchema
  extends PickType(RichMentionSchema, ['id', 'type', 'label', 'pictureUrl', 'description', 'userFavorite'] as const)
  implements MentionSuggestion
{
  @ApiPropertyOptional({
    type: 'string',
    enum: RICH_MENTION_STATUSES,
    description: 'For a conversation only: the status a message posted now would record for this mention.',
  })
  status?: RichMentionStatus;
}

/** Schema of `{ suggestions }`. */
@ApiSchema({ name: 'GetMentionSuggestionsResponse' })
export class GetMentionSuggestionsResponseSchema implements GetMentionSuggestionsResponse {
  @ApiProperty({ type: () => MentionSuggestionSchema, isArray: true })
  suggestions!: MentionSuggestionSchema[];
}

/** Schema of `{ markdown }`. */
@ApiSchema({ name: 'ParseMentionsResponse' })
export class ParseMentionsResponseSchema implements ParseMentionsResponse {
  @ApiProperty({ type: 'string', example: 'Hello :mention[helper]{sId=abc123}, can you help?' })
  markdown!: string;
}
