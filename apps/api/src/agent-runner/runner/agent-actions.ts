import type { AgentActionRecord } from '@app/contracts/events/agent-run.events';
import type { AgentAction, JsonObject } from '@app/contracts/http/conversation.types';
import type { AgentLoopAction } from '../loop/agent-loop.types';
import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';

/** Ids of one action: numeric (global position of its params event) and string sId. */
export interface ActionIds {
  readonly id: number;
  readonly sId: string;
}

/** The action as recorded when the model called the tool (status `running`, no output yet). */
export function actionWhenCalled(input: {
  readonly sId: string;
  readonly callId: string;
  readonly name: string;
  readonly params: unknown;
  readonly step: number;
  readonly agentMessageId: number;
  readonly definition: ToolDefinition | undefined;
  readonly at: number;
}): AgentActionRecord {
  return {
    sId: input.sId,
    createdAt: input.at,
    updatedAt: input.at,
    mcpServerId: input.definition?.serverId ?? null,
    internalMCPServerName: input.definition?.serverName ?? null,
    toolName: input.name,
    agentMessageId: input.agentMessageId,
    functionCallName: input.name,
    functionCallId: input.callId,
    status: 'running',
    params: paramsOf(input.params),
    step: input.step,
    executionDurationMs: null,
    citationsAllocated: 0,
    output: null,
    generatedFiles: [],
    displayLabels: null,
  };
}

/** The action once the tool answered. */
export function actionWhenDone(
  called: AgentActionRecord,
  id: number,
  result: ToolCallResult,
  durationMs: number,
  at: number,
): AgentAction {
  return {
    ...called,
    id,
    updatedAt: at,
    status: result.ok ? 'succeeded' : 'errored',
    executionDurationMs: durationMs,
    output: result.output.map((block) => ({ ...block })),
  };
}

/**
 * The message's final `actions` from the loop's record. Actions already recorded on the stream
 * keep their ids and timestamps; a call the stream never saw (should not happen) gets id 0.
 */
export function finalActions(
  actions: readonly AgentLoopAction[],
  recorded: ReadonlyMap<string, AgentAction>,
  agentMessageId: number,
  at: number,
): AgentAction[] {
  return actions.map((action) => {
    const known = recorded.get(action.callId);
    if (known) return known;
    return {
      id: 0,
      sId: '',
      createdAt: at,
      updatedAt: at,
      mcpServerId: action.serverId,
      internalMCPServerName: action.serverName,
      toolName: action.name,
      agentMessageId,
      functionCallName: action.name,
      functionCallId: action.callId,
      status: action.ok ? 'succeeded' : 'errored',
      params: paramsOf(action.input),
      step: action.step,
      executionDurationMs: action.durationMs,
      citationsAllocated: 0,
      output: action.output.map((block) => ({ ...block })),
      generatedFiles: [],
      displayLabels: null,
    };
  });
}

// `params` is an object on the wire; a model may send anything, so wrap what is not one.
function paramsOf(input: unknown): JsonObject {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return { ...input };
  return input === undefined ? {} : { value: input };
}
