/**
 * Events of the MCP server views a user added to one conversation (stream
 * `conversation_tools-<conversation sId>`): agent runs in the conversation get their tools.
 */

import { streamNameOf } from './stream-name';

/** Stream of one conversation's added tools. */
export function toConversationToolsStreamName(conversationId: string): string {
  return streamNameOf('conversation_tools', conversationId);
}

type ConversationToolData = {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly viewId: string;
  /** The member who added or removed it, or null for a key not bound to a member. */
  readonly userId: string | null;
  readonly at: number;
};

export type ConversationMcpServerViewAdded = { readonly type: 'ConversationMcpServerViewAdded'; readonly data: ConversationToolData };
export type ConversationMcpServerViewRemoved = { readonly type: 'ConversationMcpServerViewRemoved'; readonly data: ConversationToolData };

export type ConversationToolsEvent = ConversationMcpServerViewAdded | ConversationMcpServerViewRemoved;

export const CONVERSATION_TOOLS_EVENT_TYPES = [
  'ConversationMcpServerViewAdded',
  'ConversationMcpServerViewRemoved',
] as const satisfies readonly ConversationToolsEvent['type'][];

export function isConversationToolsEvent(event: { readonly type: string; readonly data: unknown }): event is ConversationToolsEvent {
  return (CONVERSATION_TOOLS_EVENT_TYPES as readonly string[]).includes(event.type);
}
