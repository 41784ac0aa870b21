import type { BlockedToolCall, ToolApprovalAnswer, UserQuestionAnswer } from '@app/contracts/events/tool-approval.events';

export interface RequestToolApproval {
  readonly type: 'RequestToolApproval';
  readonly call: BlockedToolCall;
  readonly now: number;
}

export interface AnswerToolApproval {
  readonly type: 'AnswerToolApproval';
  readonly actionId: string;
  readonly answer: ToolApprovalAnswer;
  readonly userId: string | null;
  readonly now: number;
}

export interface ExpireToolApproval {
  readonly type: 'ExpireToolApproval';
  readonly actionId: string;
  readonly now: number;
}

export interface AnswerUserQuestion {
  readonly type: 'AnswerUserQuestion';
  readonly actionId: string;
  readonly answer: UserQuestionAnswer;
  readonly userId: string | null;
  readonly now: number;
}

export type ToolApprovalCommand = RequestToolApproval | AnswerToolApproval | ExpireToolApproval | AnswerUserQuestion;
