import { assertNever } from '@app/contracts/assert-never';
import { toToolApprovalStreamName, type ToolApprovalEvent } from '@app/contracts/events/tool-approval.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { ToolApprovalCommand } from './tool-approval.commands';
import type { ApprovalEntry, ToolApprovalState } from './tool-approval.state';

function decide(command: ToolApprovalCommand, state: ToolApprovalState): ToolApprovalEvent[] {
  switch (command.type) {
    case 'RequestToolApproval':
      // A run taken over after a restart asks again for the call it was waiting on: one request.
      if (state.entries.has(command.call.actionId)) return [];
      return [{ type: 'ToolApprovalRequested', data: { ...command.call, at: command.now } }];
    case 'AnswerToolApproval': {
      const entry = state.entries.get(command.actionId);
      if (!entry) throw new DomainError('action_not_found', `No action ${command.actionId} of this message awaits approval.`);
      if (entry.settled !== null) throw new DomainError('action_not_blocked', `The action ${command.actionId} is not blocked.`);
      const { actionId, answer, userId, now: at } = command;
      return [{ type: 'ToolApprovalGiven', data: { actionId, answer, userId, at } }];
    }
    case 'ExpireToolApproval': {
      const entry = state.entries.get(command.actionId);
      if (!entry || entry.settled !== null) return [];
      return [{ type: 'ToolApprovalExpired', data: { actionId: command.actionId, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

function settle(state: ToolApprovalState, actionId: string, settled: ApprovalEntry['settled']): ToolApprovalState {
  const entry = state.entries.get(actionId);
  if (!entry) return state;
  return { entries: new Map(state.entries).set(actionId, { ...entry, settled }) };
}

function evolve(state: ToolApprovalState, event: ToolApprovalEvent): ToolApprovalState {
  switch (event.type) {
    case 'ToolApprovalRequested': {
      const { at: _at, ...call } = event.data;
      return { entries: new Map(state.entries).set(call.actionId, { call, settled: null }) };
    }
    case 'ToolApprovalGiven':
      return settle(state, event.data.actionId, { kind: 'answered', answer: event.data.answer });
    case 'ToolApprovalExpired':
      return settle(state, event.data.actionId, { kind: 'expired' });
    default:
      return assertNever(event);
  }
}

export const toolApprovalDecider: Decider<ToolApprovalCommand, ToolApprovalEvent, ToolApprovalState> = {
  decide,
  evolve,
  initialState: () => ({ entries: new Map() }),
};

/** The approvals of one agent message, by message sId. */
export const toolApprovalAggregate: Aggregate<ToolApprovalCommand, ToolApprovalEvent, ToolApprovalState> = {
  decider: toolApprovalDecider,
  streamName: toToolApprovalStreamName,
};
