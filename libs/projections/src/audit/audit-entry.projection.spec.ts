import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AuditEntryDocument } from '@app/contracts/read-models/audit.read-models';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { auditEntryProjection as projection } from './audit-entry.projection';

const W = 'W0rkspace1';
const byAdmin = (event: RecordedEvent, actor = 'usrAdmin01'): RecordedEvent => ({ ...event, metadata: { ...event.metadata, actor } });
const one = (event: RecordedEvent): AuditEntryDocument => {
  const docs = [...project(projection, [event]).values()];
  expect(docs).toHaveLength(1);
  return docs[0] as AuditEntryDocument;
};

describe('audit entry projection', () => {
  it('records sign-ins and personal tokens in the account’s scope, the person as actor', () => {
    const session = recordedOn('user-usr0000001', { type: 'UserSessionStarted', data: { userId: 'usr0000001', sessionId: 's1', secretHash: 'h', method: 'password', expiresAt: 9, userAgent: 'ua', at: 5 } }, 1);
    expect(one(session)).toEqual({ scope: 'user:usr0000001', position: 1, at: 5, kind: 'sign_in', actorId: 'usr0000001', details: { userId: 'usr0000001', method: 'password', userAgent: 'ua' } });
    const created = recordedOn('user-usr0000001', { type: 'UserTokenCreated', data: { userId: 'usr0000001', tokenId: 't1', secretHash: 'h', secretPrefix: 'pat-ab', name: 'ci', expiresAt: null, at: 6 } }, 2);
    expect(one(created)).toMatchObject({ scope: 'user:usr0000001', kind: 'user_token.created', details: { tokenId: 't1', name: 'ci', secretPrefix: 'pat-ab', expiresAt: null } });
    expect(JSON.stringify(one(created))).not.toContain('secretHash');
    const revoked = recordedOn('user-usr0000001', { type: 'UserTokenRevoked', data: { userId: 'usr0000001', tokenId: 't1', secretHash: 'h', at: 7 } }, 3);
    expect(one(revoked)).toMatchObject({ kind: 'user_token.revoked', actorId: 'usr0000001', details: { tokenId: 't1' } });
  });

  it('records keys, memberships and roles in the workspace’s scope, by whoever the log names', () => {
    const stream = `workspace-${W}`;
    const key = byAdmin(recordedOn(stream, { type: 'ApiKeyCreated', data: { workspaceId: W, keyId: 'k1', secretHash: 'h', secretPrefix: 'sk-abc', role: 'builder', userId: null, at: 1 } }, 1));
    expect(one(key)).toEqual({ scope: `workspace:${W}`, position: 1, at: 1, kind: 'api_key.created', actorId: 'usrAdmin01', details: { keyId: 'k1', role: 'builder', userId: null, secretPrefix: 'sk-abc' } });
    expect(one(byAdmin(recordedOn(stream, { type: 'ApiKeyRevoked', data: { workspaceId: W, keyId: 'k1', secretHash: 'h', at: 2 } }, 2)))).toMatchObject({ kind: 'api_key.revoked', details: { keyId: 'k1' } });
    const added = recordedOn(stream, { type: 'WorkspaceMemberAdded', data: { workspaceId: W, userId: 'u2', email: 'b@x.io', username: 'b', fullName: 'B', role: 'user', at: 3 } }, 3);
    expect(one(byAdmin(added, 'system'))).toMatchObject({ kind: 'member.added', actorId: null, details: { userId: 'u2', email: 'b@x.io', role: 'user' } });
    expect(one(byAdmin(recordedOn(stream, { type: 'WorkspaceMemberRoleChanged', data: { workspaceId: W, userId: 'u2', role: 'builder', at: 4 } }, 4)))).toMatchObject({
      kind: 'member.role_changed',
      actorId: 'usrAdmin01',
      details: { userId: 'u2', role: 'builder' },
    });
    expect(one(recordedOn(stream, { type: 'WorkspaceMemberRemoved', data: { workspaceId: W, userId: 'u2', at: 5 } }, 5))).toMatchObject({ kind: 'member.removed', actorId: null });
    // Facts no one audits make no entry.
    expect(project(projection, [recordedOn(stream, { type: 'WorkspaceDomainVerified', data: { workspaceId: W, domain: 'x.io', at: 6 } }, 6)]).size).toBe(0);
  });

  it('records every agent configuration change with its version and author', () => {
    const author = { userId: 'usrAuthor1', id: 7, fullName: 'A', image: null };
    const base = { workspaceId: W, agentConfigurationId: 'agent00001' };
    const created = recordedOn('agent_configuration-agent00001', { type: 'AgentConfigurationCreated', data: { ...base, version: 0, configuration: {}, author, at: 1 } }, 1);
    expect(one(created)).toEqual({ scope: `workspace:${W}`, position: 1, at: 1, kind: 'agent_configuration.created', actorId: 'usrAuthor1', details: { agentConfigurationId: 'agent00001', version: 0 } });
    expect(one(recordedOn('a', { type: 'AgentConfigurationUpdated', data: { ...base, version: 1, configuration: {}, author, at: 2 } }, 2))).toMatchObject({ kind: 'agent_configuration.updated', details: { version: 1 } });
    expect(one(recordedOn('a', { type: 'AgentConfigurationArchived', data: { ...base, author: null, at: 3 } }, 3))).toMatchObject({ kind: 'agent_configuration.archived', actorId: null, details: { version: null } });
    expect(one(recordedOn('a', { type: 'AgentConfigurationRestored', data: { ...base, author, at: 4 } }, 4))).toMatchObject({ kind: 'agent_configuration.restored' });
  });

  it('keeps one entry per blocked tool call with its arguments, moved to the answer and its author', () => {
    const stream = 'toolApproval-msg0000001';
    const call = { workspaceId: W, conversationId: 'cnv0000001', messageId: 'msg0000001', userId: 'usr0000001', actionId: 'act_1', callId: 'c1', toolName: 'send_email', serverId: 'mail', serverName: 'mail', inputs: { to: 'ada@example.com' }, stake: 'high' };
    const requested = recordedOn(stream, { type: 'ToolApprovalRequested', data: { ...call, at: 10 } }, 10);
    const asked = project(projection, [requested]).get('tool_approval:act_1');
    expect(asked).toEqual({
      scope: `workspace:${W}`,
      position: 10,
      at: 10,
      kind: 'tool_call.approval',
      actorId: null,
      details: { conversationId: 'cnv0000001', messageId: 'msg0000001', actionId: 'act_1', toolName: 'send_email', serverId: 'mail', serverName: 'mail', inputs: { to: 'ada@example.com' }, stake: 'high', askedOf: 'usr0000001', askedAt: 10, answer: null },
    });
    const given = recordedOn(stream, { type: 'ToolApprovalGiven', data: { actionId: 'act_1', answer: 'approved', userId: 'usr0000001', at: 12 } }, 12);
    expect(project(projection, [requested, given]).get('tool_approval:act_1')).toMatchObject({ position: 12, at: 12, actorId: 'usr0000001', details: { inputs: { to: 'ada@example.com' }, answer: 'approved' } });
    const expired = recordedOn(stream, { type: 'ToolApprovalExpired', data: { actionId: 'act_1', at: 13 } }, 13);
    expect(project(projection, [requested, expired]).get('tool_approval:act_1')).toMatchObject({ position: 13, actorId: null, details: { answer: 'expired' } });
  });

  it('records the documents a run received from its tools, once per agent message', () => {
    const searchCall: AgentToolCall = {
      sId: 'act_s',
      callId: 'c1',
      toolName: 'search_data_sources',
      serverId: null,
      serverName: null,
      params: { query: 'q' },
      step: 0,
      status: 'succeeded',
      calledAt: 1,
      endedAt: 2,
      durationMs: 1,
      output: [
        { type: 'text', text: 'Found 1 document(s).' },
        { type: 'resource', resource: { uri: 'https://x.io/doc', title: 'Doc', documentId: 'doc-1', dataSourceId: 'dts_1', dataSourceViewId: 'dsv_1', text: 'body' } },
      ],
      paramsPosition: 3,
    };
    const base = { workspaceId: W, conversationId: 'cnv0000001', messageId: 'msg0000002', configurationId: 'agent00001' };
    const running = recordedOn('conversation-cnv0000001', { type: 'AgentMessageStatusChanged', data: { ...base, status: 'created', at: 1 } }, 20);
    const done = recordedOn('conversation-cnv0000001', { type: 'AgentMessageStatusChanged', data: { ...base, status: 'succeeded', toolCalls: [searchCall], at: 5 } }, 21);
    expect(project(projection, [running]).size).toBe(0);
    // A status change without tool output touches no document at all.
    expect(projection.documentIds(running)).toEqual([]);
    expect(project(projection, [running, done]).get('documents_read:msg0000002')).toEqual({
      scope: `workspace:${W}`,
      position: 21,
      at: 5,
      kind: 'agent_run.documents_read',
      actorId: 'agent00001',
      details: {
        conversationId: 'cnv0000001',
        messageId: 'msg0000002',
        agentConfigurationId: 'agent00001',
        documents: [{ toolName: 'search_data_sources', uri: 'https://x.io/doc', title: 'Doc', documentId: 'doc-1', dataSourceId: 'dts_1', dataSourceViewId: 'dsv_1', fileId: null }],
      },
    });
    const noResources = recordedOn('conversation-cnv0000001', { type: 'AgentMessageStatusChanged', data: { ...base, status: 'succeeded', toolCalls: [{ ...searchCall, output: [] }], at: 5 } }, 22);
    expect(project(projection, [noResources]).size).toBe(0);
  });

  it('records exports of the trail with their filters', () => {
    const exported = recordedOn(`audit-${W}`, { type: 'AuditTrailExported', data: { workspaceId: W, exportId: 'e1', actorId: 'usrAdmin01', filters: { actor: null, kind: 'sign_in', from: null, to: null }, at: 9 } }, 30);
    expect(one(exported)).toEqual({ scope: `workspace:${W}`, position: 30, at: 9, kind: 'audit.exported', actorId: 'usrAdmin01', details: { exportId: 'e1', filters: { actor: null, kind: 'sign_in', from: null, to: null } } });
  });
});
