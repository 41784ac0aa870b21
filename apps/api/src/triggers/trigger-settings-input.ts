import type { ScheduleConfig, TriggerSettings, WebhookConfig, WebhookSecurity } from '@app/contracts/events/trigger.events';
import { DEFAULT_EXECUTIONS_PER_DAY, type TriggerConfigurationDto, type TriggerInputDto } from '@app/contracts/http/trigger.dto';
import { ApiError } from '../common/http/api-error';
import type { TriggerSecrets } from './trigger-secrets';

const SCHEDULE_FIELDS = ['type', 'cron', 'timezone', 'intervalDays', 'dayOfWeek', 'hour', 'minute'] as const;
const WEBHOOK_FIELDS = ['includePayload', 'event', 'filter'] as const;

const invalid = (message: string) => new ApiError('invalid_request_error', message);

function refuseFields(configuration: TriggerConfigurationDto, fields: readonly (keyof TriggerConfigurationDto)[], kind: string): void {
  const stray = fields.filter((field) => configuration[field] !== undefined);
  if (stray.length > 0) throw invalid(`configuration: ${stray.join(', ')} do not apply to ${kind} triggers.`);
}

function required<T>(value: T | null | undefined, field: string, kind: string): T {
  if (value === undefined || value === null) throw invalid(`configuration.${field} is required for ${kind} schedules.`);
  return value;
}

function scheduleOf(configuration: TriggerConfigurationDto): ScheduleConfig {
  refuseFields(configuration, WEBHOOK_FIELDS, 'schedule');
  const timezone = configuration.timezone ?? 'UTC';
  if ((configuration.type ?? 'cron') === 'cron') {
    return { type: 'cron', cron: required(configuration.cron, 'cron', 'cron'), timezone };
  }
  return {
    type: 'interval',
    intervalDays: required(configuration.intervalDays, 'intervalDays', 'interval'),
    dayOfWeek: configuration.dayOfWeek ?? null,
    hour: required(configuration.hour, 'hour', 'interval'),
    minute: required(configuration.minute, 'minute', 'interval'),
    timezone,
  };
}

function webhookOf(configuration: TriggerConfigurationDto): WebhookConfig {
  refuseFields(configuration, SCHEDULE_FIELDS, 'webhook');
  return { includePayload: configuration.includePayload ?? false, event: configuration.event ?? null, filter: configuration.filter ?? null };
}

/**
 * How a webhook trigger checks deliveries: the URL secret is new on creation and kept on update;
 * the signing secret is sealed when given, kept when left out, dropped when null.
 */
function securityOf(input: TriggerInputDto, previous: WebhookSecurity | null, secrets: TriggerSecrets): { security: WebhookSecurity; urlSecret: string | null } {
  const given = input.webhook ?? {};
  const url = previous ? null : secrets.newUrlSecret();
  const sealedSigningSecret =
    given.signingSecret === undefined ? (previous?.sealedSigningSecret ?? null) : given.signingSecret === null ? null : secrets.sealSigningSecret(given.signingSecret);
  return {
    urlSecret: url?.secret ?? null,
    security: {
      urlSecretHash: url?.hash ?? (previous as WebhookSecurity).urlSecretHash,
      sealedSigningSecret,
      signatureHeader: (given.signatureHeader ?? previous?.signatureHeader ?? 'x-signature').toLowerCase(),
      signatureAlgorithm: given.signatureAlgorithm ?? previous?.signatureAlgorithm ?? 'sha256',
      eventHeader: (given.eventHeader ?? previous?.eventHeader ?? 'x-event').toLowerCase(),
    },
  };
}

/** A trigger's settings from what an editor sent (over `previous` on update), and the hook URL secret when one was made. */
export function settingsFromInput(input: TriggerInputDto, previous: TriggerSettings | null, secrets: TriggerSecrets): { settings: TriggerSettings; urlSecret: string | null } {
  const common = {
    name: input.name,
    customPrompt: input.customPrompt ?? null,
    naturalLanguageDescription: input.naturalLanguageDescription ?? null,
    status: input.status ?? previous?.status ?? 'enabled',
    executionPerDayLimit: input.executionPerDayLimitOverride ?? DEFAULT_EXECUTIONS_PER_DAY,
  };
  if (input.kind === 'schedule') {
    if (input.webhook !== undefined && input.webhook !== null) throw invalid('webhook does not apply to schedule triggers.');
    return { settings: { ...common, kind: 'schedule', configuration: scheduleOf(input.configuration), webhook: null }, urlSecret: null };
  }
  const { security, urlSecret } = securityOf(input, previous?.webhook ?? null, secrets);
  return { settings: { ...common, kind: 'webhook', configuration: webhookOf(input.configuration), webhook: security }, urlSecret };
}
