import { isAgentRunEvent, type AgentRunEvent } from '@app/contracts/events/agent-run.events';
import type { AgentMessageStreamPayload, ToolApproveExecutionFields } from '@app/contracts/http/agent-message-stream.types';
import { renderToolCall } from '@app/contracts/render/agent-run.render';
import { renderAgentMessageAtRunEnd } from '@app/contracts/render/conversation-message.render';
import type { BlockedToolCall } from '@app/contracts/events/tool-approval.events';
import type { RecordedEvent } from '@app/storage';
import { assertNever } from '@app/contracts/assert-never';

/** Payload types after which the stream ends (the official client stops on these). */
export const TERMINAL_PAYLOAD_TYPES: ReadonlySet<AgentMessageStreamPayload['type']> = new Set([
  'agent_message_success',
  'agent_error',
  'agent_generation_cancelled',
]);

/**
 * Run-stream events that show nothing on a message's stream (bookkeeping: claim, lease, waits, model
 * call records): RunStreamHub makes no pass over the listeners for them (with 10,000 listeners, a
 * pass that writes nothing still held the loop 25-40 ms); each listener walks past them with the next
 * event that shows.
 */
export const UNRENDERED_RUN_EVENT_TYPES: ReadonlySet<string> = new Set([
  'AgentRunStarted',
  'AgentRunLeaseExtended',
  'AgentRunResumed',
  'AgentRunReleased',
  'AgentToolCallWaiting',
  'AgentToolCallWaitEnded',
  'AgentModelCallRecorded',
] satisfies AgentRunEvent['type'][]);

/** Which message the stream is about. */
export interface AgentMessageStreamContext {
  readonly configurationId: string;
  readonly messageId: string;
}

/**
 * The SSE payload of a stored run-stream event (upcast), or null for bookkeeping events (claim,
 * lease). A tool action's numeric id is the global position of its `AgentToolParamsRecorded`.
 */
export function renderAgentMessageStreamEvent(
  event: RecordedEvent,
  context: AgentMessageStreamContext,
): AgentMessageStreamPayload | null {
  if (!isAgentRunEvent(event)) return null;
  const base = { configurationId: context.configurationId, messageId: context.messageId, created: event.data.at };
  switch (event.type) {
    case 'AgentRunStarted':
    case 'AgentRunLeaseExtended':
    case 'AgentRunResumed':
    case 'AgentRunReleased':
    case 'AgentToolCallWaiting':
    case 'AgentToolCallWaitEnded':
    case 'AgentModelCallRecorded':
      return null;
    case 'AgentTokensGenerated':
      return { type: 'generation_tokens', ...base, text: event.data.text, classification: event.data.classification };
    case 'AgentToolParamsRecorded':
      return { type: 'tool_params', ...base, action: renderToolCall(event.data.call, event.data.messagePosition, event.position) };
    case 'AgentActionSucceeded':
    case 'AgentActionFailed':
      return { type: 'agent_action_success', ...base, action: renderToolCall(event.data.call, event.data.messagePosition) };
    case 'AgentToolApprovalRequested': {
      const fields = approveExecutionFields(event.data.call, event.data.agentName);
      const { question } = event.data.call;
      return question ? { type: 'tool_ask_user_question', ...base, ...fields, question } : { type: 'tool_approve_execution', ...base, ...fields };
    }
    case 'AgentRunSucceeded':
      return {
        type: 'agent_message_success',
        ...base,
        message: renderAgentMessageAtRunEnd(event.data.message, event.data.outcome, event.data.at),
        runIds: [],
      };
    case 'AgentRunFailed':
      return { type: 'agent_error', ...base, error: event.data.error };
    case 'AgentRunCancelled':
      return { type: 'agent_generation_cancelled', ...base };
    default:
      return assertNever(event);
  }
}

function approveExecutionFields(call: BlockedToolCall, agentName: string): ToolApproveExecutionFields {
  return {
    conversationId: call.conversationId,
    actionId: call.actionId,
    ...(call.userId !== null ? { userId: call.userId } : {}),
    inputs: isRecord(call.inputs) ? call.inputs : {},
    stake: call.stake,
    isLastBlockingEventForStep: true,
    metadata: {
      agentName,
      mcpServerName: call.serverName ?? '',
      toolName: call.toolName,
      ...(call.serverId !== null ? { mcpServerId: call.serverId } : {}),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
