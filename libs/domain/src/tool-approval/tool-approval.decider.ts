import { assertNever } from '@app/contracts/assert-never';
import { toToolApprovalStreamName, type ToolApprovalEvent, type UserQuestion, type UserQuestionAnswer } from '@app/contracts/events/tool-approval.events';
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
      if (entry.settled !== null || entry.call.question) throw new DomainError('action_not_blocked', `The action ${command.actionId} does not await approval.`);
      const { actionId, answer, userId, now: at } = command;
      return [{ type: 'ToolApprovalGiven', data: { actionId, answer, userId, at } }];
    }
    case 'AnswerUserQuestion': {
      const entry = state.entries.get(command.actionId);
      if (!entry) throw new DomainError('action_not_found', `No action ${command.actionId} of this message awaits an answer.`);
      const question = entry.call.question;
      if (entry.settled !== null || !question) throw new DomainError('action_not_blocked', `The action ${command.actionId} does not await an answer.`);
      checkAnswer(question, command.answer);
      const { actionId, answer, userId, now: at } = command;
      return [{ type: 'UserQuestionAnswered', data: { actionId, answer, userId, at } }];
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

/** An answer names options the question offered, one unless it allows several, or says something in its own words. */
function checkAnswer(question: UserQuestion, answer: UserQuestionAnswer): void {
  const { selectedOptions, customResponse } = answer;
  if (selectedOptions.some((index) => !Number.isInteger(index) || index < 0 || index >= question.options.length)) {
    throw new DomainError('invalid_request_error', `Invalid request body: answer.selectedOptions holds indices of the ${question.options.length} options.`);
  }
  if (new Set(selectedOptions).size !== selectedOptions.length) throw new DomainError('invalid_request_error', 'Invalid request body: answer.selectedOptions repeats an option.');
  if (!question.multiSelect && selectedOptions.length > 1) throw new DomainError('invalid_request_error', 'Invalid request body: this question takes one option.');
  if (selectedOptions.length === 0 && !customResponse?.trim()) {
    throw new DomainError('invalid_request_error', 'Invalid request body: choose an option or give a customResponse.');
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
    case 'UserQuestionAnswered':
      return settle(state, event.data.actionId, { kind: 'question_answered', answer: event.data.answer });
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
