import type { TriggerSettings } from '@app/contracts/events/trigger.events';

/** A stored delivery, as re-drives need it. */
export interface StoredWebhookRequest {
  readonly eventName: string | null;
  readonly payload: unknown;
}

export interface TriggerState {
  readonly trigger: {
    readonly workspaceId: string;
    readonly agentConfigurationId: string;
    readonly editor: string;
    readonly settings: TriggerSettings;
    readonly createdAt: number;
    readonly updatedAt: number;
  } | null;
  readonly deleted: boolean;
  /** The latest scheduled instant claimed (null: none yet). */
  readonly lastDueAt: number | null;
  /** Firings counted against the daily cap: the UTC day (YYYY-MM-DD) and how many on it. */
  readonly firingsToday: { readonly day: string; readonly count: number };
  readonly requests: ReadonlyMap<string, StoredWebhookRequest>;
  /** Firings that started and have not been completed yet. */
  readonly openFirings: ReadonlySet<string>;
}
