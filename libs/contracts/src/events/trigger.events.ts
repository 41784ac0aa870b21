/**
 * Events of a trigger (stream `trigger-<trigger sId>`): what runs an agent on a schedule or on an
 * incoming webhook, every webhook delivery with its outcome, every scheduled instant claimed (one
 * claim per instant: the claim is appended at the revision the claimer read), and how each firing
 * ended. Secrets never appear in clear: the URL secret as its SHA-256, the signing secret sealed.
 */

import { streamNameOf } from './stream-name';

/** Stream of one trigger. */
export function toTriggerStreamName(triggerId: string): string {
  return streamNameOf('trigger', triggerId);
}

/** A five-field cron expression read in an IANA time zone. */
export type CronSchedule = { readonly type: 'cron'; readonly cron: string; readonly timezone: string };

/** Every `intervalDays` days (on `dayOfWeek`, 0 = Sunday, when given) at `hour`:`minute` in the time zone. */
export type IntervalSchedule = {
  readonly type: 'interval';
  readonly intervalDays: number;
  readonly dayOfWeek: number | null;
  readonly hour: number;
  readonly minute: number;
  readonly timezone: string;
};

export type ScheduleConfig = CronSchedule | IntervalSchedule;

/** Which deliveries start a run, and whether the payload goes with the message. */
export type WebhookConfig = {
  readonly includePayload: boolean;
  /** Only deliveries whose event name (read from `eventHeader`) is this one. */
  readonly event: string | null;
  /** A JSON object of dotted paths to expected values, all of which the payload must hold. */
  readonly filter: string | null;
};

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** How a delivery proves where it comes from: the secret in its URL, and an optional HMAC of its body. */
export type WebhookSecurity = {
  /** SHA-256 (hex) of the secret that is the last segment of the hook URL. */
  readonly urlSecretHash: string;
  /** The HMAC key sealed with the deployment's secrets key, or null: no signature is checked. */
  readonly sealedSigningSecret: string | null;
  readonly signatureHeader: string;
  readonly signatureAlgorithm: HmacAlgorithm;
  /** The header naming the delivery's event (`X-GitHub-Event` style). */
  readonly eventHeader: string;
};

export type TriggerKind = 'schedule' | 'webhook';
export type TriggerStatus = 'enabled' | 'disabled';

/** What an editor sets on a trigger (created whole, replaced whole on update). */
export type TriggerSettings = {
  readonly name: string;
  readonly customPrompt: string | null;
  readonly naturalLanguageDescription: string | null;
  readonly status: TriggerStatus;
  /** Firings allowed per UTC day; more are recorded `rate_limited`. */
  readonly executionPerDayLimit: number;
} & (
  | { readonly kind: 'schedule'; readonly configuration: ScheduleConfig; readonly webhook: null }
  | { readonly kind: 'webhook'; readonly configuration: WebhookConfig; readonly webhook: WebhookSecurity }
);

/** How a firing or a delivery ended. */
export type TriggerOutcome = 'matched' | 'not_matched' | 'rate_limited' | 'failed';

export type TriggerCreated = {
  readonly type: 'TriggerCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly triggerId: string;
    readonly agentConfigurationId: string;
    /** The member the agent runs as. */
    readonly editor: string;
    readonly settings: TriggerSettings;
    readonly at: number;
  };
};

export type TriggerUpdated = {
  readonly type: 'TriggerUpdated';
  readonly data: { readonly workspaceId: string; readonly triggerId: string; readonly settings: TriggerSettings; readonly at: number };
};

export type TriggerDeleted = {
  readonly type: 'TriggerDeleted';
  readonly data: { readonly workspaceId: string; readonly triggerId: string; readonly at: number };
};

/** A webhook delivery, stored with what its check said (a matched one goes on to a firing with the same id). */
export type TriggerWebhookRequestReceived = {
  readonly type: 'TriggerWebhookRequestReceived';
  readonly data: {
    readonly workspaceId: string;
    readonly triggerId: string;
    readonly requestId: string;
    readonly eventName: string | null;
    readonly payload: unknown;
    readonly outcome: 'matched' | 'not_matched' | 'rate_limited';
    readonly at: number;
  };
};

/**
 * A due instant of the schedule claimed by one api process: appended at the revision it read, so
 * of any number of replicas exactly one claims each instant. `outcome` is `rate_limited` when the
 * day's cap was reached (no firing follows).
 */
export type TriggerScheduleClaimed = {
  readonly type: 'TriggerScheduleClaimed';
  readonly data: {
    readonly workspaceId: string;
    readonly triggerId: string;
    readonly firingId: string;
    readonly dueAt: number;
    readonly claimedBy: string;
    readonly outcome: 'matched' | 'rate_limited';
    readonly at: number;
  };
};

/** A stored delivery run again, for real, with the trigger's current filter and prompt. */
export type TriggerWebhookRequestRedriven = {
  readonly type: 'TriggerWebhookRequestRedriven';
  readonly data: {
    readonly workspaceId: string;
    readonly triggerId: string;
    readonly requestId: string;
    readonly firingId: string;
    readonly outcome: 'matched' | 'not_matched' | 'rate_limited';
    readonly at: number;
  };
};

/** How a matched firing ended: the conversation it started, or why it could not. */
export type TriggerFiringCompleted = {
  readonly type: 'TriggerFiringCompleted';
  readonly data: {
    readonly workspaceId: string;
    readonly triggerId: string;
    /** The request id for a delivery, the claim's firing id for a schedule or a re-drive. */
    readonly firingId: string;
    readonly requestId: string | null;
    readonly outcome: 'matched' | 'failed';
    readonly conversationId: string | null;
    readonly error: string | null;
    readonly at: number;
  };
};

export type TriggerEvent =
  | TriggerCreated
  | TriggerUpdated
  | TriggerDeleted
  | TriggerWebhookRequestReceived
  | TriggerScheduleClaimed
  | TriggerWebhookRequestRedriven
  | TriggerFiringCompleted;

export const TRIGGER_EVENT_TYPES = [
  'TriggerCreated',
  'TriggerUpdated',
  'TriggerDeleted',
  'TriggerWebhookRequestReceived',
  'TriggerScheduleClaimed',
  'TriggerWebhookRequestRedriven',
  'TriggerFiringCompleted',
] as const satisfies readonly TriggerEvent['type'][];

/** Narrows a stored event to a trigger event by its type. */
export function isTriggerEvent(event: { readonly type: string; readonly data: unknown }): event is TriggerEvent {
  return (TRIGGER_EVENT_TYPES as readonly string[]).includes(event.type);
}
