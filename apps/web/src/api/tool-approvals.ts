import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import type { AnswerUserQuestionDto, ValidateActionDto } from '@app/contracts/http/tool-approval.dto';
import { apiPath, type ApiClient } from './api-client';

/** Answers to the tool calls of agents that wait for a person (`validate-action`, `answer-question`, private family). */
export class ToolApprovalsApi {
  constructor(private readonly client: ApiClient) {}

  /** Approves or rejects a blocked call of the agent message; the run waiting on it goes on. A call already answered is refused with `action_not_blocked`. */
  validate(wId: string, cId: string, mId: string, body: ValidateActionDto): Promise<SuccessResponse> {
    return this.client.post(`${apiPath`/api/w/${wId}/assistant/conversations/${cId}/messages/${mId}`}/validate-action`, body);
  }

  /** Answers the question a blocked call of the agent message asks; the run goes on with the answer. A question already answered is refused with `action_not_blocked`. */
  answerQuestion(wId: string, cId: string, mId: string, body: AnswerUserQuestionDto): Promise<SuccessResponse> {
    return this.client.post(`${apiPath`/api/w/${wId}/assistant/conversations/${cId}/messages/${mId}`}/answer-question`, body);
  }
}
