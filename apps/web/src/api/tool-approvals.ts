import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import type { ValidateActionDto } from '@app/contracts/http/tool-approval.dto';
import { apiPath, type ApiClient } from './api-client';

/** Answers to the tool calls of agents that wait for a person (`validate-action`, private family). */
export class ToolApprovalsApi {
  constructor(private readonly client: ApiClient) {}

  /** Approves or rejects a blocked call of the agent message; the run waiting on it goes on. A call already answered is refused with `action_not_blocked`. */
  validate(wId: string, cId: string, mId: string, body: ValidateActionDto): Promise<SuccessResponse> {
    return this.client.post(`${apiPath`/api/w/${wId}/assistant/conversations/${cId}/messages/${mId}`}/validate-action`, body);
  }
}
