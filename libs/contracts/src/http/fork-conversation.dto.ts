import { NonEmptyText } from './validation/field.decorator';

/** POST …/conversations/{cId}/fork: the message the fork branches from (included in the fork). */
export class ForkConversationDto {
  @NonEmptyText(64, 'required', { example: 'x1Yz2AbC3d' })
  sourceMessageId!: string;
}
