import type { HmacAlgorithm, ScheduleConfig, TriggerKind, TriggerOutcome, TriggerStatus, WebhookConfig } from '../events/trigger.events';

/** A trigger on the wire, in the real product's shape (`editor` is the member's sId here). */
export interface TriggerView {
  readonly id: number;
  readonly sId: string;
  readonly name: string;
  readonly agentConfigurationId: string;
  readonly editor: string;
  readonly customPrompt: string | null;
  readonly status: TriggerStatus;
  readonly createdAt: number;
  readonly naturalLanguageDescription: string | null;
  readonly origin: 'user';
  readonly kind: TriggerKind;
  readonly configuration: ScheduleConfig | WebhookConfig;
  readonly executionPerDayLimitOverride: number;
  /** How deliveries are checked (webhooks); the hook URL itself is returned only when the trigger is created. */
  readonly webhook: { readonly signed: boolean; readonly signatureHeader: string; readonly signatureAlgorithm: HmacAlgorithm; readonly eventHeader: string; readonly url?: string } | null;
  /** Schedules: the latest instant claimed, and the next one due. */
  readonly lastRunAt: number | null;
  readonly nextRunAt: number | null;
  readonly isEditor: boolean;
}

export interface TriggerEnvelope {
  readonly trigger: TriggerView;
}

export interface TriggerListResponse {
  readonly triggers: TriggerView[];
}

/** A stored webhook delivery, as `…/webhook_requests` lists them (newest first). */
export interface WebhookRequestView {
  readonly id: string;
  readonly timestamp: number;
  readonly status: TriggerOutcome;
  readonly eventName: string | null;
  readonly conversationId: string | null;
  readonly error: string | null;
  readonly payload: { readonly body: unknown };
}

export interface WebhookRequestListResponse {
  readonly requests: WebhookRequestView[];
}

/** What a delivery did (re-drive for real) or would do (dry run) against the filter and prompt given. */
export interface RedriveResult {
  readonly requestId: string;
  readonly outcome: TriggerOutcome;
  readonly conversationId: string | null;
}

export interface RedriveResponse {
  readonly dryRun: boolean;
  readonly filter: string | null;
  readonly event: string | null;
  readonly customPrompt: string | null;
  readonly matched: number;
  readonly results: RedriveResult[];
}

/** Answer of the hook route: the stored delivery and its outcome. */
export interface WebhookDeliveryResponse {
  readonly requestId: string;
  readonly status: TriggerOutcome;
  readonly conversationId: string | null;
}
