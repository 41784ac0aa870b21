import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt } from 'class-validator';
import { TOOL_APPROVAL_ANSWERS, type ToolApprovalAnswer } from '../events/tool-approval.events';
import { NestedObject, NonEmptyText, NullableText } from './validation/field.decorator';
import { itemCount, MESSAGES, oneOf } from './validation/validation.messages';

/** A person's answer to a blocked tool call (`validate-action`). */
export class ValidateActionDto {
  @NonEmptyText(256, 'required', { example: 'act_3kq9Zb1Lm0' })
  actionId!: string;

  @ApiProperty({ enum: TOOL_APPROVAL_ANSWERS, enumName: 'ToolApprovalAnswer', example: 'approved' })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(TOOL_APPROVAL_ANSWERS, { message: oneOf(TOOL_APPROVAL_ANSWERS) })
  approved!: ToolApprovalAnswer;
}

/** The user's answer to an agent's question: the indices of the options chosen, and any words of their own. */
export class UserQuestionAnswerDto {
  @ApiProperty({ type: [Number], description: 'Indices of the options chosen (none when answering in words only).', example: [0] })
  @IsInt({ each: true, message: 'must be an array of integers' })
  @ArrayMaxSize(32, { message: itemCount('at most', 32) })
  @IsArray({ message: MESSAGES.array })
  @IsDefined({ message: MESSAGES.required })
  selectedOptions!: number[];

  @NullableText(4_000, { description: 'An answer in the user’s own words.', example: 'Friday afternoon' })
  customResponse?: string;
}

/** The body of `answer-question`: which blocked call, and the answer to its question. */
export class AnswerUserQuestionDto {
  @NonEmptyText(256, 'required', { example: 'act_3kq9Zb1Lm0' })
  actionId!: string;

  @NestedObject(() => UserQuestionAnswerDto, 'required')
  answer!: UserQuestionAnswerDto;
}
