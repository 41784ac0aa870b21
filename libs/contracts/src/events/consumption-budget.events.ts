import { streamNameOf } from './stream-name';

/** Stream of a workspace's consumption budgets (`consumption_budget-<wId>`). */
export function toConsumptionBudgetStreamName(workspaceId: string): string {
  return streamNameOf('consumption_budget', workspaceId);
}

/**
 * An admin set (or, with `monthlyCredits: null`, removed) a monthly budget: for the whole
 * workspace, or for one member (`userId`). Once a UTC month's spending reaches it, new agent runs
 * of that scope fail with `credits_exhausted` until the next month or a higher budget.
 */
export interface ConsumptionBudgetSet {
  readonly type: 'ConsumptionBudgetSet';
  readonly data: {
    readonly workspaceId: string;
    readonly scope: 'workspace' | 'user';
    /** The member the budget is for; null for the workspace's. */
    readonly userId: string | null;
    readonly monthlyCredits: number | null;
    /** Who set it: a user sId or an API key id. */
    readonly actorId: string;
    readonly at: number;
  };
}

export function isConsumptionBudgetSet(event: { readonly type: string; readonly data: unknown }): event is ConsumptionBudgetSet {
  return event.type === 'ConsumptionBudgetSet';
}
