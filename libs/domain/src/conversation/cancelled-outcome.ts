import type { AgentMessageStatusChanged } from '@app/contracts/events/conversation/conversation.events';

/**
 * Whether this status change is a cancel that settled the message with nothing of its run: a
 * change that records no tool calls carries no run's outcome (a runner's always lists its calls).
 * What the run had produced is then still to be recorded on the message.
 */
export function isCancelWithoutItsRun(change: AgentMessageStatusChanged): boolean {
  return change.data.status === 'cancelled' && change.data.toolCalls === undefined;
}
