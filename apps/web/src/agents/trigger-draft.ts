import type { TriggerInputDto } from '@app/contracts/http/trigger.dto';
import type { TriggerView } from '@app/contracts/http/trigger.types';

/** What the new-trigger form holds, as typed: numbers stay text until the body is built. */
export interface TriggerDraft {
  readonly kind: 'schedule' | 'webhook';
  readonly name: string;
  readonly customPrompt: string;
  readonly scheduleType: 'cron' | 'interval';
  readonly cron: string;
  readonly timezone: string;
  readonly intervalDays: string;
  /** '' for any day, else 0 (Sunday) to 6. */
  readonly dayOfWeek: string;
  readonly time: string;
  readonly event: string;
  readonly filter: string;
  readonly includePayload: boolean;
  readonly signingSecret: string;
  readonly signatureHeader: string;
  readonly signatureAlgorithm: 'sha1' | 'sha256' | 'sha512';
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function emptyTriggerDraft(kind: TriggerDraft['kind']): TriggerDraft {
  return {
    kind,
    name: '',
    customPrompt: '',
    scheduleType: 'cron',
    cron: '0 9 * * 1-5',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    intervalDays: '7',
    dayOfWeek: '1',
    time: '09:00',
    event: '',
    filter: '',
    includePayload: true,
    signingSecret: '',
    signatureHeader: 'x-signature',
    signatureAlgorithm: 'sha256',
  };
}

/** The body the api takes for the draft; the api checks the cron, the zone and the filter and says what is wrong. */
export function triggerInputOf(draft: TriggerDraft): TriggerInputDto {
  const customPrompt = draft.customPrompt.trim() || null;
  if (draft.kind === 'webhook') {
    return {
      name: draft.name.trim(),
      kind: 'webhook',
      customPrompt,
      configuration: { includePayload: draft.includePayload, event: draft.event.trim() || null, filter: draft.filter.trim() || null },
      webhook: draft.signingSecret ? { signingSecret: draft.signingSecret, signatureHeader: draft.signatureHeader.trim(), signatureAlgorithm: draft.signatureAlgorithm } : null,
    };
  }
  if (draft.scheduleType === 'cron') {
    return { name: draft.name.trim(), kind: 'schedule', customPrompt, configuration: { cron: draft.cron.trim(), timezone: draft.timezone.trim() } };
  }
  const [hour = 0, minute = 0] = draft.time.split(':').map(Number);
  return {
    name: draft.name.trim(),
    kind: 'schedule',
    customPrompt,
    configuration: { type: 'interval', intervalDays: Number(draft.intervalDays), dayOfWeek: draft.dayOfWeek === '' ? null : Number(draft.dayOfWeek), hour, minute, timezone: draft.timezone.trim() },
  };
}

/** The whole trigger as `PATCH` takes it, with `changes` over its current settings (a webhook keeps its signing secret). */
export function triggerUpdateOf(trigger: TriggerView, changes: Partial<Pick<TriggerInputDto, 'status' | 'customPrompt'>>): TriggerInputDto {
  return {
    name: trigger.name,
    kind: trigger.kind,
    customPrompt: trigger.customPrompt,
    naturalLanguageDescription: trigger.naturalLanguageDescription,
    configuration: trigger.configuration,
    status: trigger.status,
    executionPerDayLimitOverride: trigger.executionPerDayLimitOverride,
    ...changes,
  };
}

/** When a trigger runs, in words: its cron or interval and zone, or its hook's event and filter. */
export function triggerWhen(trigger: TriggerView): string {
  const config = trigger.configuration;
  if ('includePayload' in config) {
    const parts = [config.event ? `event ${config.event}` : 'any event', config.filter ? `filter ${config.filter}` : null, trigger.webhook?.signed ? 'signed' : 'unsigned'];
    return `Webhook: ${parts.filter(Boolean).join(', ')}`;
  }
  if (config.type === 'interval') {
    const time = `${String(config.hour).padStart(2, '0')}:${String(config.minute).padStart(2, '0')}`;
    const day = config.dayOfWeek === null ? '' : ` on ${WEEKDAYS[config.dayOfWeek]}`;
    return `Every ${config.intervalDays} day${config.intervalDays === 1 ? '' : 's'}${day} at ${time} (${config.timezone})`;
  }
  return `Cron ${config.cron} (${config.timezone})`;
}
