import { assertNever } from '@app/contracts/assert-never';
import { toConversationToolsStreamName, type ConversationToolsEvent } from '@app/contracts/events/conversation-tools.events';
import type { Aggregate, Decider } from '../shared/decider';

/** Adds an MCP server view to a conversation, or removes it (the caller checked the view and the conversation). */
export type ChangeConversationTools = {
  readonly type: 'AddConversationTool' | 'RemoveConversationTool';
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly viewId: string;
  readonly userId: string | null;
  readonly now: number;
};

export type ConversationToolsCommand = ChangeConversationTools;

/** The views added to one conversation, in the order they were added. */
export interface ConversationToolsState {
  readonly viewIds: readonly string[];
}

/** Adding a view twice, or removing one that is not there, records nothing. */
function decide(command: ConversationToolsCommand, state: ConversationToolsState): ConversationToolsEvent[] {
  const { workspaceId, conversationId, viewId, userId, now } = command;
  const data = { workspaceId, conversationId, viewId, userId, at: now };
  const present = state.viewIds.includes(viewId);
  switch (command.type) {
    case 'AddConversationTool':
      return present ? [] : [{ type: 'ConversationMcpServerViewAdded', data }];
    case 'RemoveConversationTool':
      return present ? [{ type: 'ConversationMcpServerViewRemoved', data }] : [];
    default:
      return assertNever(command.type);
  }
}

function evolve(state: ConversationToolsState, event: ConversationToolsEvent): ConversationToolsState {
  switch (event.type) {
    case 'ConversationMcpServerViewAdded':
      return state.viewIds.includes(event.data.viewId) ? state : { viewIds: [...state.viewIds, event.data.viewId] };
    case 'ConversationMcpServerViewRemoved':
      return { viewIds: state.viewIds.filter((viewId) => viewId !== event.data.viewId) };
    default:
      return assertNever(event);
  }
}

export const conversationToolsDecider: Decider<ConversationToolsCommand, ConversationToolsEvent, ConversationToolsState> = {
  decide,
  evolve,
  initialState: () => ({ viewIds: [] }),
};

/** The tools a user added to a conversation, by conversation sId. */
export const conversationToolsAggregate: Aggregate<ConversationToolsCommand, ConversationToolsEvent, ConversationToolsState> = {
  decider: conversationToolsDecider,
  streamName: toConversationToolsStreamName,
};
