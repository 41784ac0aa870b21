// The conversation screens, loaded together as one chunk (with marked and DOMPurify) when a workspace opens.
export { ConversationPage } from './conversation-page';
export { NewConversationPage } from './new-conversation-page';
