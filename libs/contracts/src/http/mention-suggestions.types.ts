import type { RichMention, RichMentionStatus } from './conversation-message.types';

/**
 * One suggestion of `GET …/mentions/suggestions`, in the shape the official client validates
 * (`RichMentionSchema`). A suggestion for a conversation also says where the mention would stand
 * with the conversation's access rules (`status`, as a posted message would record it).
 */
export type MentionSuggestion = Pick<RichMention, 'id' | 'type' | 'label' | 'pictureUrl' | 'description' | 'userFavorite'> & {
  readonly status?: RichMentionStatus;
};

/** `GET …/assistant/mentions/suggestions` and `…/conversations/{cId}/mentions/suggestions`. */
export interface GetMentionSuggestionsResponse {
  readonly suggestions: readonly MentionSuggestion[];
}

/** `POST …/assistant/mentions/parse`: the text with each `@name` of an agent as `:mention[name]{sId=…}`. */
export interface ParseMentionsResponse {
  readonly markdown: string;
}
