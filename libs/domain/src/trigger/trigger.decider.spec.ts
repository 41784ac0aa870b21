import type { TriggerEvent, TriggerSettings } from '@app/contracts/events/trigger.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { TriggerCommand } from './trigger.commands';
import { triggerDecider } from './trigger.decider';

const now = Date.UTC(2026, 2, 10, 9, 0);
const triggerId = 'trg_one';
const workspaceId = 'W0rkspace1';
const spec = deciderSpec(triggerDecider(triggerId));

const webhook: TriggerSettings = {
  name: 'On push',
  customPrompt: 'Summarize the push.',
  naturalLanguageDescription: null,
  status: 'enabled',
  executionPerDayLimit: 2,
  kind: 'webhook',
  configuration: { includePayload: true, event: 'push', filter: '{"ref":"refs/heads/main"}' },
  webhook: { urlSecretHash: 'ab', sealedSigningSecret: null, signatureHeader: 'x-signature', signatureAlgorithm: 'sha256', eventHeader: 'x-event' },
};
const schedule: TriggerSettings = {
  name: 'Every morning',
  customPrompt: 'Good morning.',
  naturalLanguageDescription: null,
  status: 'enabled',
  executionPerDayLimit: 10,
  kind: 'schedule',
  configuration: { type: 'cron', cron: '0 9 * * *', timezone: 'Europe/Paris' },
  webhook: null,
};

const create = (settings: TriggerSettings): TriggerCommand => ({ type: 'CreateTrigger', workspaceId, agentConfigurationId: 'Ag3nt00001', editor: 'Us3r000001', settings, now });
const created = (settings: TriggerSettings): TriggerEvent => ({
  type: 'TriggerCreated',
  data: { workspaceId, triggerId, agentConfigurationId: 'Ag3nt00001', editor: 'Us3r000001', settings, at: now },
});
const receive = (requestId: string, payload: unknown, eventName: string | null = 'push'): TriggerCommand => ({ type: 'ReceiveWebhookRequest', requestId, eventName, payload, now });
const received = (requestId: string, payload: unknown, outcome: 'matched' | 'not_matched' | 'rate_limited'): TriggerEvent => ({
  type: 'TriggerWebhookRequestReceived',
  data: { workspaceId, triggerId, requestId, eventName: 'push', payload, outcome, at: now },
});
const main = { ref: 'refs/heads/main' };

describe('trigger decider', () => {
  it('creates a trigger once, and refuses a filter or a schedule it cannot read', () => {
    spec.given([]).when(create(webhook)).then([created(webhook)]);
    spec.given([created(webhook)]).when(create(webhook)).thenNothing();
    spec.given([]).when(create({ ...webhook, configuration: { ...webhook.configuration, filter: '[1]' } })).thenThrows('invalid_request_error', 'JSON object');
    spec.given([]).when(create({ ...schedule, configuration: { type: 'cron', cron: '61 9 * * *', timezone: 'Europe/Paris' } })).thenThrows('invalid_request_error', 'cron');
    spec.given([]).when(create({ ...schedule, configuration: { type: 'cron', cron: '0 9 * * *', timezone: 'Mars/Olympus' } })).thenThrows('invalid_request_error', 'time zone');
  });

  it('records a delivery as matched, not matched (event or filter) or rate limited past the daily cap', () => {
    spec.given([created(webhook)]).when(receive('whr_1', main)).then([received('whr_1', main, 'matched')]);
    spec.given([created(webhook)]).when(receive('whr_1', { ref: 'refs/heads/dev' })).then([received('whr_1', { ref: 'refs/heads/dev' }, 'not_matched')]);
    spec.given([created(webhook)]).when(receive('whr_1', main, 'issues')).then([{ ...received('whr_1', main, 'not_matched'), data: { ...received('whr_1', main, 'not_matched').data, eventName: 'issues' } } as TriggerEvent]);
    spec.given([created(webhook), received('whr_1', main, 'matched'), received('whr_2', main, 'matched')]).when(receive('whr_3', main)).then([received('whr_3', main, 'rate_limited')]);
    spec.given([created(webhook), received('whr_1', main, 'matched')]).when(receive('whr_1', main)).thenNothing();
  });

  it('does not run a disabled trigger: its deliveries are stored, not matched', () => {
    const disabled: TriggerEvent = { type: 'TriggerUpdated', data: { workspaceId, triggerId, settings: { ...webhook, status: 'disabled' }, at: now } };
    spec.given([created(webhook), disabled]).when(receive('whr_1', main)).then([received('whr_1', main, 'not_matched')]);
  });

  it('claims each scheduled instant once: a second claim of the same or an earlier instant writes nothing', () => {
    const claim = (dueAt: number, claimedBy: string): TriggerCommand => ({ type: 'ClaimScheduledInstant', firingId: `f${dueAt}`, dueAt, claimedBy, now });
    const claimed: TriggerEvent = { type: 'TriggerScheduleClaimed', data: { workspaceId, triggerId, firingId: 'f100', dueAt: 100, claimedBy: 'a', outcome: 'matched', at: now } };
    spec.given([created(schedule)]).when(claim(100, 'a')).then([claimed]);
    spec.given([created(schedule), claimed]).when(claim(100, 'b')).thenNothing();
    spec.given([created(schedule), claimed]).when(claim(50, 'b')).thenNothing();
  });

  it('records a scheduled instant past the daily cap as rate_limited, and counts again the next UTC day', () => {
    const capped: TriggerSettings = { ...schedule, executionPerDayLimit: 1 };
    const claimedAt = (dueAt: number, at: number, outcome: 'matched' | 'rate_limited'): TriggerEvent => ({
      type: 'TriggerScheduleClaimed',
      data: { workspaceId, triggerId, firingId: `f${dueAt}`, dueAt, claimedBy: 'a', outcome, at },
    });
    const claim = (dueAt: number, at: number): TriggerCommand => ({ type: 'ClaimScheduledInstant', firingId: `f${dueAt}`, dueAt, claimedBy: 'a', now: at });
    const first = claimedAt(now, now, 'matched');
    spec.given([created(capped), first]).when(claim(now + 60_000, now + 60_000)).then([claimedAt(now + 60_000, now + 60_000, 'rate_limited')]);
    const tomorrow = now + 86_400_000;
    spec.given([created(capped), first]).when(claim(tomorrow, tomorrow)).then([claimedAt(tomorrow, tomorrow, 'matched')]);
  });

  it('re-drives a stored delivery against the current filter, and completes a firing once', () => {
    const newFilter: TriggerEvent = {
      type: 'TriggerUpdated',
      data: { workspaceId, triggerId, settings: { ...webhook, configuration: { ...webhook.configuration, filter: '{"ref":"refs/heads/dev"}' } }, at: now },
    };
    const dev = { ref: 'refs/heads/dev' };
    const history = [created(webhook), received('whr_1', dev, 'not_matched'), newFilter];
    spec.given(history).when({ type: 'RedriveWebhookRequest', requestId: 'whr_1', firingId: 'fir_1', eventName: 'push', payload: dev, now }).then([
      { type: 'TriggerWebhookRequestRedriven', data: { workspaceId, triggerId, requestId: 'whr_1', firingId: 'fir_1', outcome: 'matched', at: now } },
    ]);
    spec.given(history).when({ type: 'RedriveWebhookRequest', requestId: 'whr_9', firingId: 'fir_1', eventName: 'push', payload: dev, now }).thenThrows('webhook_request_not_found');
    const complete: TriggerCommand = { type: 'CompleteTriggerFiring', firingId: 'whr_1', requestId: 'whr_1', conversationId: 'C0nv000001', error: null, now };
    const completed: TriggerEvent = {
      type: 'TriggerFiringCompleted',
      data: { workspaceId, triggerId, firingId: 'whr_1', requestId: 'whr_1', outcome: 'matched', conversationId: 'C0nv000001', error: null, at: now },
    };
    spec.given([created(webhook), received('whr_1', main, 'matched')]).when(complete).then([completed]);
    spec.given([created(webhook), received('whr_1', main, 'matched'), completed]).when(complete).thenNothing();
  });

  it('answers 404 for a deleted trigger and refuses a change of kind', () => {
    const deleted: TriggerEvent = { type: 'TriggerDeleted', data: { workspaceId, triggerId, at: now } };
    spec.given([created(webhook), deleted]).when(receive('whr_1', main)).thenThrows('trigger_not_found');
    spec.given([]).when({ type: 'DeleteTrigger', now }).thenThrows('trigger_not_found');
    spec.given([created(webhook)]).when({ type: 'UpdateTrigger', settings: schedule, now }).thenThrows('invalid_request_error', 'kind');
  });
});
