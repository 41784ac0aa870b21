import type { TriggerSettings } from '@app/contracts/events/trigger.events';

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
  /** Ids of the stored deliveries (their payloads stay in the log and the read model, not in memory). */
  readonly requests: ReadonlySet<string>;
  /** Firings that started and have not been completed yet. */
  readonly openFirings: ReadonlySet<string>;
}
