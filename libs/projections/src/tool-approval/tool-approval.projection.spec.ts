import { toToolApprovalStreamName, type BlockedToolCall, type ToolApprovalEvent } from '@app/contracts/events/tool-approval.events';
import { blockedCallsOf } from '@app/contracts/read-models/tool-approval.read-models';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { toolApprovalProjection as projection } from './tool-approval.projection';

const messageId = 'msg0000001';
const stream = toToolApprovalStreamName(messageId);
const call = (actionId: string): BlockedToolCall => ({
  workspaceId: 'W0rkspace1',
  conversationId: 'cnv0000001',
  messageId,
  userId: 'usr0000001',
  actionId,
  callId: `call_${actionId}`,
  toolName: 'send_email',
  serverId: 'mail-server',
  serverName: 'mail',
  inputs: { to: 'ada@example.com' },
  stake: 'high',
});
const at = (event: ToolApprovalEvent, position: number) => recordedOn(stream, event, position);
const requested = (actionId: string, position: number) => at({ type: 'ToolApprovalRequested', data: { ...call(actionId), at: position } }, position);
const given = at({ type: 'ToolApprovalGiven', data: { actionId: 'act_1', answer: 'approved', userId: 'usr0000001', at: 3 } }, 3);
const expired = at({ type: 'ToolApprovalExpired', data: { actionId: 'act_2', at: 4 } }, 4);

describe('tool approval projection', () => {
  it('keeps the calls a message asked about in the order asked, each blocked until settled', () => {
    const asked = project(projection, [requested('act_1', 1), requested('act_2', 2)]).get(messageId);
    expect(asked).toMatchObject({ workspaceId: 'W0rkspace1', conversationId: 'cnv0000001', messageId });
    expect(blockedCallsOf(asked)).toEqual([call('act_1'), call('act_2')]);

    const answered = project(projection, [requested('act_1', 1), requested('act_2', 2), given]).get(messageId);
    expect(blockedCallsOf(answered)).toEqual([call('act_2')]);
    const settled = project(projection, [requested('act_1', 1), requested('act_2', 2), given, expired]).get(messageId);
    expect(settled?.entries.map((entry) => entry.settled)).toEqual(['answered', 'expired']);
    expect(blockedCallsOf(settled)).toEqual([]);
  });

  it('says whom the message waits for while a call is unsettled, and no one once all are', () => {
    expect(project(projection, [requested('act_1', 1), requested('act_2', 2)]).get(messageId)?.waitingFor).toBe('usr0000001');
    expect(project(projection, [requested('act_1', 1), requested('act_2', 2), given]).get(messageId)?.waitingFor).toBe('usr0000001');
    expect(project(projection, [requested('act_1', 1), requested('act_2', 2), given, expired]).get(messageId)?.waitingFor).toBeNull();
  });

  it('records a call asked again (a run taken over) once, and ignores other streams', () => {
    const docs = project(projection, [requested('act_1', 1), given, requested('act_1', 5)]);
    expect(docs.get(messageId)?.entries).toEqual([{ call: call('act_1'), settled: 'answered' }]);
    const elsewhere = recordedOn('toolApprovalMemory-W0rkspace1.usr0000001', { type: 'ToolApprovalGiven', data: { actionId: 'act_1' } }, 6);
    expect(projection.documentIds(elsewhere)).toEqual([]);
    expect(blockedCallsOf(undefined)).toEqual([]);
  });

  it('applying the same event twice changes nothing', () => {
    const once = project(projection, [requested('act_1', 1), requested('act_2', 2), given, expired]);
    for (const event of [requested('act_2', 2), given, expired]) expect(project(projection, [event], once)).toEqual(once);
  });
});
