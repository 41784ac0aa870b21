import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsDefined, IsString, ValidateIf } from 'class-validator';
import { BoundedExtraKeys } from './validation/free-form.decorator';
import { LengthAtLeast, LengthAtMost } from './validation/string.decorator';
import { MESSAGES } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

const MENTION_ID_MAX = 128;

/** True when `value` is a valid agent mention (`{configurationId}`; other keys are kept). */
export function isAgentMention(value: Readonly<Record<string, unknown>>): boolean {
  const id = value.configurationId;
  return typeof id === 'string' && id.length >= 1 && id.length <= MENTION_ID_MAX;
}

// The two shapes are told apart by shape, as the real service does, and either may carry other
// keys. A mention is accepted when either shape fits: `configurationId` is checked unless the
// mention says it is a user's, and `userId` only then (and only if it is not a valid agent mention).

/** A mention of an agent (`{configurationId}`) or of a user (`{type: "user", userId}`); other keys are kept, within bounds. */
@BoundedExtraKeys()
export class MentionDto {
  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: MENTION_ID_MAX, description: 'An agent mention: the agent sId.', example: 'dust' })
  @ValidateIf((mention: MentionDto) => mention.type !== 'user')
  @IsDefined({ message: MESSAGES.required })
  @LengthAtMost(MENTION_ID_MAX)
  @LengthAtLeast(1)
  @IsString({ message: MESSAGES.string })
  configurationId?: string;

  @ApiPropertyOptional({ type: String, enum: ['user'], description: 'A user mention: "user".' })
  @Allow()
  type?: unknown;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: MENTION_ID_MAX, description: 'A user mention: the user sId.' })
  @ValidateIf((mention: MentionDto) => mention.type === 'user' && !isAgentMention(mention))
  @IsDefined({ message: MESSAGES.required })
  @LengthAtMost(MENTION_ID_MAX)
  @LengthAtLeast(1)
  @IsString({ message: MESSAGES.string })
  userId?: string;

  [key: string]: unknown;
}

/** A mention of an agent, once validated. */
export interface AgentMentionInput {
  readonly configurationId: string;
  readonly [key: string]: unknown;
}

/** A mention of a user, once validated. */
export interface UserMentionInput {
  readonly type: 'user';
  readonly userId: string;
  readonly [key: string]: unknown;
}

/** A validated mention: what `MentionDto` guarantees, as the services read it. */
export type MentionInput = AgentMentionInput | UserMentionInput;
