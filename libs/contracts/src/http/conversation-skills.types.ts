/** `GET|POST …/assistant/conversations/{cId}/skills`: the skills enabled in the conversation (sIds, in the order they were enabled). */
export interface ConversationSkillsResponse {
  readonly skillIds: string[];
}
