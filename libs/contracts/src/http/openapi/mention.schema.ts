import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { RichMentionStatus } from '../conversation-message.types';
import type { GetMentionSuggestionsResponse, MentionSuggestion, ParseMentionsResponse } from '../mention-suggestions.types';
import { RICH_MENTION_STATUSES } from './user-message.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of one mention suggestion. */
@ApiSchema({ name: 'MentionSuggestion' })
export class MentionSuggestionSchema implements MentionSuggestion {
  @ApiProperty({ type: 'string', example: 'dust' })
  id!: string;

  @ApiProperty({ type: 'string', enum: ['agent', 'user'] })
  type!: MentionSuggestion['type'];

  @ApiProperty({ type: 'string', example: 'Dust' })
  label!: string;

  @ApiProperty({ type: 'string' })
  pictureUrl!: string;

  @ApiProperty({ type: 'string' })
  description!: string;

  @ApiPropertyOptional({ type: 'boolean', description: "Agents only: the caller's favourite." })
  userFavorite?: boolean;

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
