import type { TriggerEvent, TriggerSettings } from '@app/contracts/events/trigger.events';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { triggerProjection, triggerWebhookRequestProjection } from './trigger.projection';

const at = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';
const triggerId = 'trg_one';
const recorded = (event: TriggerEvent, revision: number) => recordedOn(`trigger-${triggerId}`, event, revision + 1, at);

const settings: TriggerSettings = {
  name: 'On push',
  customPrompt: 'Summarize.',
  naturalLanguageDescription: null,
  status: 'enabled',
  executionPerDayLimit: 42,
  kind: 'webhook',
  configuration: { includePayload: true, event: null, filter: null },
  webhook: { urlSecretHash: 'hashed-url-secret', sealedSigningSecret: 'v1.iv.tag.sealed', signatureHeader: 'x-signature', signatureAlgorithm: 'sha256', eventHeader: 'x-event' },
};
const created = recorded({ type: 'TriggerCreated', data: { workspaceId, triggerId, agentConfigurationId: 'Ag3nt00001', editor: 'Us3r000001', settings, at } }, 0);
const received = recorded(
  { type: 'TriggerWebhookRequestReceived', data: { workspaceId, triggerId, requestId: 'whr_1', eventName: null, payload: { a: 1 }, outcome: 'matched', at } },
  1,
);
const failed = recorded(
  { type: 'TriggerFiringCompleted', data: { workspaceId, triggerId, firingId: 'whr_1', requestId: 'whr_1', outcome: 'failed', conversationId: null, error: 'no agent', at: at + 5 } },
  2,
);
const deleted = recorded({ type: 'TriggerDeleted', data: { workspaceId, triggerId, at: at + 9 } }, 3);

describe('trigger projections', () => {
  it('shows how deliveries are checked and never a secret, and forgets a deleted trigger', () => {
    const doc = project(triggerProjection, [created]).get(triggerId);
    expect(doc).toMatchObject({ id: 1, sId: triggerId, kind: 'webhook', webhook: { signed: true, signatureHeader: 'x-signature' }, lastDueAt: null });
    expect(JSON.stringify(doc)).not.toContain('sealed');
    expect(JSON.stringify(doc)).not.toContain('hashed-url-secret');
    expect(project(triggerProjection, [created, deleted]).get(triggerId)).toBeUndefined();
  });

  it('keeps each delivery with its latest outcome', () => {
    expect(project(triggerWebhookRequestProjection, [created, received]).get('whr_1')).toMatchObject({ outcome: 'matched', payload: { a: 1 }, conversationId: null });
    expect(project(triggerWebhookRequestProjection, [created, received, failed]).get('whr_1')).toMatchObject({ outcome: 'failed', error: 'no agent' });
  });
});
