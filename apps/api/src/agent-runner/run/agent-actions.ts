import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { JsonObject } from '@app/contracts/events/conversation/conversation-event-values';
import type { AgentLoopAction } from '../loop/agent-loop.types';
import { TOOL_EXECUTION_REJECTED } from '../tools/approval/approval-gate';
import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';

/** The tool call as recorded when the model made it (status `running`, no output yet). */
export function toolCallWhenCalled(input: {
  readonly sId: string;
  readonly callId: string;
  readonly name: string;
  readonly params: unknown;
  readonly step: number;
  readonly definition: ToolDefinition | undefined;
  readonly at: number;
}): AgentToolCall {
  return {
    sId: input.sId,
    callId: input.callId,
    toolName: input.name,
    serverId: input.definition?.serverId ?? null,
    serverName: input.definition?.serverName ?? null,
    params: paramsOf(input.params),
    step: input.step,
    status: 'running',
    calledAt: input.at,
    endedAt: null,
    durationMs: null,
    output: null,
    paramsPosition: null,
  };
}

/** The tool call once the tool answered; `paramsPosition` is where its params event landed. */
export function toolCallWhenDone(
  called: AgentToolCall,
  paramsPosition: number,
  result: ToolCallResult,
  durationMs: number,
  at: number,
): AgentToolCall {
  return {
    ...called,
    status: result.ok ? 'succeeded' : result.error?.code === TOOL_EXECUTION_REJECTED ? 'denied' : 'errored',
    endedAt: at,
    durationMs,
    output: result.output.map((block) => ({ ...block })),
    paramsPosition,
  };
}

/**
 * The message's final tool calls from the loop's record. Calls already recorded on the stream keep
 * their ids and timestamps; a call the stream never saw (should not happen) has no params position.
 */
export function finalToolCalls(
  actions: readonly AgentLoopAction[],
  recorded: ReadonlyMap<string, AgentToolCall>,
  at: number,
): AgentToolCall[] {
  return actions.map((action) => {
    const known = recorded.get(action.callId);
    if (known) return known;
    return {
      sId: '',
      callId: action.callId,
      toolName: action.name,
      serverId: action.serverId,
      serverName: action.serverName,
      params: paramsOf(action.input),
      step: action.step,
      status: action.ok ? 'succeeded' : 'errored',
      calledAt: at,
      endedAt: at,
      durationMs: action.durationMs,
      output: action.output.map((block) => ({ ...block })),
      paramsPosition: null,
    };
  });
}

// `params` is an object on the wire; a model may send anything, so wrap what is not one.
function paramsOf(input: unknown): JsonObject {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return { ...input };
  return input === undefined ? {} : { value: input };
}
