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
});
