import type { HmacAlgorithm, ScheduleConfig, TriggerKind, TriggerOutcome, TriggerStatus, WebhookConfig } from '../events/trigger.events';

/** Read model of a trigger (`triggers` collection, id = trigger sId). Secrets stay in the log, sealed or hashed. */
export interface TriggerDocument {
  [key: string]: unknown;
  /** Global position of the event that created it. */
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly agentConfigurationId: string;
  readonly editor: string;
  readonly name: string;
  readonly customPrompt: string | null;
  readonly naturalLanguageDescription: string | null;
  readonly status: TriggerStatus;
  readonly kind: TriggerKind;
  readonly configuration: ScheduleConfig | WebhookConfig;
  readonly executionPerDayLimit: number;
  /** How deliveries are checked (webhooks only): whether a signature is required, and where. */
  readonly webhook: { readonly signed: boolean; readonly signatureHeader: string; readonly signatureAlgorithm: HmacAlgorithm; readonly eventHeader: string } | null;
  /** The latest scheduled instant claimed (schedules only). */
  readonly lastDueAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Read model of a stored webhook delivery (`trigger_webhook_requests` collection, id = request id). */
export interface TriggerWebhookRequestDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly triggerId: string;
  readonly eventName: string | null;
  readonly payload: unknown;
  /** The latest outcome: as received, then `failed` if its run could not start. */
  readonly outcome: TriggerOutcome;
  readonly conversationId: string | null;
  readonly error: string | null;
  readonly receivedAt: number;
  readonly updatedAt: number;
}
