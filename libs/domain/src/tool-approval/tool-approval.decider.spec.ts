import type { BlockedToolCall, ToolApprovalEvent } from '@app/contracts/events/tool-approval.events';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { toolApprovalDecider } from './tool-approval.decider';
import { blockedCalls } from './tool-approval.state';

const now = 1_700_000_000_000;
const call: BlockedToolCall = {
  workspaceId: 'w',
  conversationId: 'c',
  messageId: 'm',
  userId: 'u',
  actionId: 'act_1',
  callId: 'call_1',
  toolName: 'echo',
  serverId: 'srv',
  serverName: 'Echo',
  inputs: { text: 'hi' },
  stake: 'high',
};
const requested: ToolApprovalEvent = { type: 'ToolApprovalRequested', data: { ...call, at: now } };
const given = (events: ToolApprovalEvent[]) => foldEvents(toolApprovalDecider, events);
const errorOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
};

describe('toolApprovalDecider', () => {
  it('records a blocked call once, even when a resumed run asks again', () => {
    const command = { type: 'RequestToolApproval' as const, call, now };
    expect(toolApprovalDecider.decide(command, given([]))).toEqual([requested]);
    expect(toolApprovalDecider.decide(command, given([requested]))).toEqual([]);
    expect(blockedCalls(given([requested]))).toEqual([call]);
  });

  it('answers a blocked call, which is then no longer blocked', () => {
    const answer = { type: 'AnswerToolApproval' as const, actionId: 'act_1', answer: 'always_approved' as const, userId: 'u', now: now + 1 };
    const events = toolApprovalDecider.decide(answer, given([requested]));
    expect(events).toEqual([{ type: 'ToolApprovalGiven', data: { actionId: 'act_1', answer: 'always_approved', userId: 'u', at: now + 1 } }]);
    const after = given([requested, ...events]);
    expect(blockedCalls(after)).toEqual([]);
    expect(errorOf(() => toolApprovalDecider.decide(answer, after)).type).toBe('action_not_blocked');
  });

  it('refuses an answer for an action it never blocked', () => {
    const answer = { type: 'AnswerToolApproval' as const, actionId: 'act_x', answer: 'approved' as const, userId: 'u', now };
    expect(errorOf(() => toolApprovalDecider.decide(answer, given([requested]))).type).toBe('action_not_found');
  });

  it('expires a blocked call once, and an expired call cannot be answered', () => {
    const expire = { type: 'ExpireToolApproval' as const, actionId: 'act_1', now: now + 5 };
    const events = toolApprovalDecider.decide(expire, given([requested]));
    expect(events).toEqual([{ type: 'ToolApprovalExpired', data: { actionId: 'act_1', at: now + 5 } }]);
    const after = given([requested, ...events]);
    expect(toolApprovalDecider.decide(expire, after)).toEqual([]);
    const answer = { type: 'AnswerToolApproval' as const, actionId: 'act_1', answer: 'approved' as const, userId: 'u', now };
    expect(errorOf(() => toolApprovalDecider.decide(answer, after)).type).toBe('action_not_blocked');
  });
  describe('a question for the user', () => {
    const question = { question: 'Which day?', options: [{ label: 'Friday', description: null }, { label: 'Monday', description: null }], multiSelect: false };
    const asked: ToolApprovalEvent = { type: 'ToolApprovalRequested', data: { ...call, actionId: 'act_q', stake: 'low', question, at: now } };
    const answer = (selectedOptions: number[], customResponse?: string) => ({
      type: 'AnswerUserQuestion' as const,
      actionId: 'act_q',
      answer: { selectedOptions, ...(customResponse !== undefined ? { customResponse } : {}) },
      userId: 'u',
      now: now + 1,
    });

    it('records the answer once; the call is then no longer blocked', () => {
      const events = toolApprovalDecider.decide(answer([1]), given([asked]));
      expect(events).toEqual([{ type: 'UserQuestionAnswered', data: { actionId: 'act_q', answer: { selectedOptions: [1] }, userId: 'u', at: now + 1 } }]);
      const after = given([asked, ...events]);
      expect(blockedCalls(after)).toEqual([]);
      expect(after.entries.get('act_q')?.settled).toEqual({ kind: 'question_answered', answer: { selectedOptions: [1] } });
      expect(errorOf(() => toolApprovalDecider.decide(answer([0]), after)).type).toBe('action_not_blocked');
    });

    it('refuses options the question does not offer, several for a single choice, and an empty answer', () => {
      for (const refused of [answer([2]), answer([-1]), answer([0, 1]), answer([0, 0]), answer([]), answer([], '  ')]) {
        expect(errorOf(() => toolApprovalDecider.decide(refused, given([asked]))).type).toBe('invalid_request_error');
      }
      expect(toolApprovalDecider.decide(answer([], 'Tuesday'), given([asked]))).toHaveLength(1);
      const multi: ToolApprovalEvent = { type: 'ToolApprovalRequested', data: { ...call, actionId: 'act_q', stake: 'low', question: { ...question, multiSelect: true }, at: now } };
      expect(toolApprovalDecider.decide(answer([0, 1]), given([multi]))).toHaveLength(1);
    });

    it('keeps approvals and questions apart: neither answer settles the other kind', () => {
      const approve = { type: 'AnswerToolApproval' as const, actionId: 'act_q', answer: 'approved' as const, userId: 'u', now };
      expect(errorOf(() => toolApprovalDecider.decide(approve, given([asked]))).type).toBe('action_not_blocked');
      expect(errorOf(() => toolApprovalDecider.decide({ ...answer([0]), actionId: 'act_1' }, given([requested]))).type).toBe('action_not_blocked');
      expect(errorOf(() => toolApprovalDecider.decide({ ...answer([0]), actionId: 'act_x' }, given([asked]))).type).toBe('action_not_found');
    });
  });
});
