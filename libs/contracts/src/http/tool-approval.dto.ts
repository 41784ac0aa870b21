import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { TOOL_APPROVAL_ANSWERS, type ToolApprovalAnswer } from '../events/tool-approval.events';
import { NonEmptyText } from './validation/field.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/** A person's answer to a blocked tool call (`validate-action`). */
export class ValidateActionDto {
  @NonEmptyText(256, 'required', { example: 'act_3kq9Zb1Lm0' })
  actionId!: string;

  @ApiProperty({ enum: TOOL_APPROVAL_ANSWERS, enumName: 'ToolApprovalAnswer', example: 'approved' })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(TOOL_APPROVAL_ANSWERS, { message: oneOf(TOOL_APPROVAL_ANSWERS) })
  approved!: ToolApprovalAnswer;
}
