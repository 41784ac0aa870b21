import type { AgentStepContent, AgentToolCall } from '../events/conversation/agent-message-event-values';
import type { MentionDisplay } from '../events/conversation/conversation-event-values';
import type { AgentAction, AgentRawContent, RichMention } from '../http/conversation.types';

/**
 * Wire pieces of messages derived from recorded facts: actions from tool calls, raw contents from
 * step contents, rich mentions from how mentions were shown.
 */

/**
 * The wire action of a tool call. `id` is the global position of the call's params event (the
 * call's own `paramsPosition` once recorded; 0 for a call the run stream never saw), and
 * `agentMessageId` the numeric id of the message that made the call.
 */
export function renderToolCall(call: AgentToolCall, agentMessageId: number, id: number = call.paramsPosition ?? 0): AgentAction {
  return {
    sId: call.sId,
    createdAt: call.calledAt,
    updatedAt: call.endedAt ?? call.calledAt,
    mcpServerId: call.serverId,
    internalMCPServerName: call.serverName,
    toolName: call.toolName,
    agentMessageId,
    functionCallName: call.toolName,
    functionCallId: call.callId,
    status: call.status,
    params: call.params,
    step: call.step,
    executionDurationMs: call.durationMs,
    citationsAllocated: 0,
    output: call.output,
    generatedFiles: [],
    displayLabels: null,
    id,
  };
}

/** Text of each step, from the structured contents (`text_content` items). */
export function rawContentsOf(contents: readonly AgentStepContent[]): AgentRawContent[] {
  const byStep = new Map<number, string>();
  for (const { step, content } of contents) {
    if (content.type !== 'text_content') continue;
    byStep.set(step, (byStep.get(step) ?? '') + content.value);
  }
  return [...byStep.entries()].sort(([a], [b]) => a - b).map(([step, content]) => ({ step, content }));
}

/**
 * A rich mention (2.10) from how the mention was shown. Every recorded mention was approved when
 * posted; agents carry `userFavorite: false` because the record is nobody's view.
 */
export function renderRichMention(mention: MentionDisplay): RichMention {
  const base = {
    id: mention.id,
    type: mention.type,
    label: mention.label,
    pictureUrl: mention.pictureUrl,
    description: mention.description,
  };
  return mention.type === 'agent'
    ? { ...base, userFavorite: false, dismissed: false, status: mention.status ?? 'approved' }
    : { ...base, dismissed: false, status: mention.status ?? 'approved' };
}
