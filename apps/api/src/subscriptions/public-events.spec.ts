import { PUBLIC_EVENT_KINDS } from '@app/contracts/events/subscription.events';
import { toPublicEvent } from './public-events';

const workspaceId = 'W0rkspace1';
const base = { workspaceId, conversationId: 'C0nversat1', at: 1 };

/** One internal event per public kind, as the log records them (only the fields the mapping reads). */
const SAMPLES: readonly [string, { type: string; data: Record<string, unknown> }][] = [
  ['conversation.created', { type: 'ConversationCreated', data: { ...base, title: 'Hi', spaceId: null } }],
  ['message.posted', { type: 'UserMessagePosted', data: { ...base, messageId: 'm1', content: 'Hello', user: { sId: 'U1' } } }],
  ['agent_message.succeeded', { type: 'AgentMessageStatusChanged', data: { ...base, messageId: 'm2', status: 'succeeded', configurationId: 'A1' } }],
  ['agent_message.failed', { type: 'AgentMessageStatusChanged', data: { ...base, messageId: 'm2', status: 'failed', configurationId: 'A1', error: { code: 'x' } } }],
  ['agent_message.cancelled', { type: 'AgentMessageStatusChanged', data: { ...base, messageId: 'm2', status: 'cancelled', configurationId: 'A1' } }],
  ['tool_call.blocked', { type: 'ToolApprovalRequested', data: { ...base, messageId: 'm2', actionId: 'act_1', toolName: 'send', serverName: 's', inputs: { to: 'x' } } }],
  ['tool_call.approved', { type: 'ToolApprovalGiven', data: { actionId: 'act_1', answer: 'approved', userId: 'U1', at: 1 } }],
  ['file.ready', { type: 'FileProcessed', data: { workspaceId, fileId: 'fil_1', at: 1 } }],
  ['file.failed', { type: 'FileProcessingFailed', data: { workspaceId, fileId: 'fil_1', reason: 'bad', at: 1 } }],
  ['document.upserted', { type: 'DocumentUpserted', data: { workspaceId, spaceId: 'vlt_1', dataSourceId: 'dts_1', documentId: 'd1', title: 'D', at: 1 } }],
  ['document.deleted', { type: 'DocumentDeleted', data: { workspaceId, spaceId: 'vlt_1', dataSourceId: 'dts_1', documentId: 'd1', at: 1 } }],
  ['table.imported', { type: 'TableImportCompleted', data: { workspaceId, spaceId: 'vlt_1', dataSourceId: 'dts_1', tableId: 't1', rowsImported: 3, at: 1 } }],
  ['member.joined', { type: 'WorkspaceMemberAdded', data: { workspaceId, userId: 'U1', email: 'a@b.c', role: 'user', at: 1 } }],
  ['member.removed', { type: 'WorkspaceMemberRemoved', data: { workspaceId, userId: 'U1', at: 1 } }],
  ['trigger.fired', { type: 'TriggerFiringCompleted', data: { workspaceId, triggerId: 'T1', firingId: 'f1', outcome: 'matched', conversationId: 'C1', error: null, at: 1 } }],
];

describe('toPublicEvent', () => {
  it('maps an internal event to every kind of the public vocabulary', () => {
    expect(SAMPLES.map(([kind, event]) => [kind, toPublicEvent(event)?.kind])).toEqual(SAMPLES.map(([kind]) => [kind, kind]));
    expect(new Set(SAMPLES.map(([kind]) => kind))).toEqual(new Set(PUBLIC_EVENT_KINDS));
  });

  it('carries what the filters need: workspace, space, conversation and agent', () => {
    expect(toPublicEvent(SAMPLES[2][1])).toMatchObject({ workspaceId, conversationId: 'C0nversat1', agentId: 'A1' });
    expect(toPublicEvent(SAMPLES[9][1])).toMatchObject({ workspaceId, spaceId: 'vlt_1', agentId: null });
    // An approval answer does not carry its workspace: the first event of its stream says.
    expect(toPublicEvent(SAMPLES[6][1])).toMatchObject({ workspaceId: null });
  });

  it('leaves out what integrators do not see: other events, runs still going, rejected tools', () => {
    expect(toPublicEvent({ type: 'AgentTokensGenerated', data: { ...base } })).toBeNull();
    expect(toPublicEvent({ type: 'AgentMessageStatusChanged', data: { ...base, status: 'created' } })).toBeNull();
    expect(toPublicEvent({ type: 'ToolApprovalGiven', data: { actionId: 'act_1', answer: 'rejected', userId: null, at: 1 } })).toBeNull();
    expect(toPublicEvent({ type: 'SubscriptionDeliveryRecorded', data: { workspaceId } })).toBeNull();
  });
});
