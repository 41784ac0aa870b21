import { describe, expect, it } from '@jest/globals';
import type { TriggerView } from '@app/contracts/http/trigger.types';
import { emptyTriggerDraft, triggerInputOf, triggerUpdateOf, triggerWhen } from './trigger-draft';

describe('trigger drafts', () => {
  it('sends an interval schedule with its time split into hour and minute, and any day as null', () => {
    const draft = { ...emptyTriggerDraft('schedule'), name: ' digest ', scheduleType: 'interval' as const, intervalDays: '14', dayOfWeek: '', time: '08:05', timezone: 'Europe/Paris' };
    expect(triggerInputOf(draft)).toEqual({
      name: 'digest',
      kind: 'schedule',
      customPrompt: null,
      configuration: { type: 'interval', intervalDays: 14, dayOfWeek: null, hour: 8, minute: 5, timezone: 'Europe/Paris' },
    });
  });

  it('sends a webhook without signing settings when no secret is typed, and with them when one is', () => {
    const draft = { ...emptyTriggerDraft('webhook'), name: 'pushes', event: 'push', filter: '' };
    expect(triggerInputOf(draft)).toMatchObject({ kind: 'webhook', configuration: { includePayload: true, event: 'push', filter: null }, webhook: null });
    expect(triggerInputOf({ ...draft, signingSecret: 's3cret' }).webhook).toEqual({ signingSecret: 's3cret', signatureHeader: 'x-signature', signatureAlgorithm: 'sha256' });
  });

  it('describes a schedule in words and keeps the rest of a trigger on an update', () => {
    const trigger = {
      name: 'digest',
      kind: 'schedule',
      customPrompt: 'Sum up.',
      naturalLanguageDescription: null,
      status: 'enabled',
      executionPerDayLimitOverride: 42,
      configuration: { type: 'interval', intervalDays: 7, dayOfWeek: 1, hour: 9, minute: 0, timezone: 'UTC' },
    } as unknown as TriggerView;
    expect(triggerWhen(trigger)).toBe('Every 7 days on Monday at 09:00 (UTC)');
    expect(triggerUpdateOf(trigger, { status: 'disabled' })).toMatchObject({ name: 'digest', customPrompt: 'Sum up.', status: 'disabled', configuration: trigger.configuration });
  });
});
