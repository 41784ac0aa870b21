import type { UserQuestion } from '../events/tool-approval.events';
import type { AgentAction, AgentMessage, AgentMessageError } from './conversation.types';

/** Fields every agent message SSE payload carries. */
interface AgentMessageStreamPayloadBase {
  readonly created: number;
  readonly configurationId: string;
  readonly messageId: string;
}

/** What `tool_approve_execution` adds (dust-api §3.2). */
export interface ToolApproveExecutionFields {
  readonly conversationId: string;
  readonly actionId: string;
  readonly userId?: string;
  readonly inputs: Record<string, unknown>;
  readonly stake: string;
  readonly isLastBlockingEventForStep: boolean;
  readonly metadata: { readonly agentName: string; readonly mcpServerName: string; readonly toolName: string; readonly mcpServerId?: string };
}

/** What `tool_ask_user_question` adds to the fields of `tool_approve_execution`: the question the agent asks. */
export interface ToolAskUserQuestionFields extends ToolApproveExecutionFields {
  readonly question: UserQuestion;
}

/** `data` of the agent message events SSE stream (dust-api §3.2). */
export type AgentMessageStreamPayload =
  | (AgentMessageStreamPayloadBase & {
      readonly type: 'generation_tokens';
      readonly text: string;
      readonly classification: 'tokens' | 'chain_of_thought';
    })
  | (AgentMessageStreamPayloadBase & { readonly type: 'tool_params'; readonly action: AgentAction })
  | (AgentMessageStreamPayloadBase & { readonly type: 'agent_action_success'; readonly action: AgentAction })
  | (AgentMessageStreamPayloadBase & ToolApproveExecutionFields & { readonly type: 'tool_approve_execution' })
  | (AgentMessageStreamPayloadBase & ToolAskUserQuestionFields & { readonly type: 'tool_ask_user_question' })
  | (AgentMessageStreamPayloadBase & { readonly type: 'agent_error'; readonly error: AgentMessageError })
  | (AgentMessageStreamPayloadBase & { readonly type: 'agent_generation_cancelled' })
  | (AgentMessageStreamPayloadBase & { readonly type: 'agent_message_success'; readonly message: AgentMessage; readonly runIds: string[] });

/**
 * One frame of either SSE stream (agent message, conversation) as sent: an unnamed `data:` line of
 * `{"eventId", "data"}`, the event id being the stream revision a client resumes after. A stream
 * ends with the line `data: done`.
 */
export interface SseFrameBody<T> {
  readonly eventId: string;
  readonly data: T;
}
