import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString } from 'class-validator';
import { InOrder } from './validation/in-order.decorator';
import { LengthAtMost, NotBlank } from './validation/string.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

const MENTION_TYPES = ['agent', 'user'] as const;
const MENTION_ACTIONS = ['approved', 'rejected', 'dismissed'] as const;

/**
 * Body of `POST /api/w/{wId}/assistant/conversations/{cId}/messages/{mId}/mentions`, as the real
 * service takes it: the message's author decides on a mention of it.
 */
export class MentionActionDto {
  @InOrder(
    IsIn(MENTION_TYPES, { message: oneOf(MENTION_TYPES) }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ enum: MENTION_TYPES, example: 'user' }),
  )
  type!: (typeof MENTION_TYPES)[number];

  @InOrder(
    LengthAtMost(128),
    NotBlank(),
    IsString({ message: MESSAGES.string }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: 'string', minLength: 1, maxLength: 128, description: 'sId of the mentioned member (or agent)', example: 'aBcDeFgHiJ' }),
  )
  id!: string;

  @InOrder(
    IsIn(MENTION_ACTIONS, { message: oneOf(MENTION_ACTIONS) }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ enum: MENTION_ACTIONS, example: 'approved', description: '`approved` or `rejected` a pending member; `dismissed` hides a restricted mention' }),
  )
  action!: (typeof MENTION_ACTIONS)[number];
}
