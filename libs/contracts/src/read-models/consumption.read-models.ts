/** Tokens and cost summed over some model calls (cost in millionths of a credit, exact). */
export interface ConsumptionTotals {
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
  readonly cachedInputTokens: number;
  readonly costMicroCredits: number;
}

/** One model's share of a message's consumption. */
export interface ModelConsumption extends ConsumptionTotals {
  readonly providerId: string;
  readonly modelId: string;
}

/**
 * The cost ledger of one agent message (`consumption_ledger`, id from `consumptionDocumentId`):
 * every model call its run recorded, summed, by model too. Written as each call ends, so a run in
 * progress is already there. `day` and `month` (UTC) are those of the first call, the keys the
 * roll-ups and the monthly budgets read by.
 */
export interface MessageConsumptionDocument extends ConsumptionTotals {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly messageId: string;
  readonly agentId: string;
  readonly agentName: string;
  readonly agentPictureUrl: string;
  readonly userId: string | null;
  /** `YYYY-MM-DD`. */
  readonly day: string;
  /** `YYYY-MM`. */
  readonly month: string;
  readonly firstAt: number;
  readonly lastAt: number;
  /** By `providerId/modelId`. */
  readonly models: Readonly<Record<string, ModelConsumption>>;
  readonly lastPosition: number;
}

/** Id of a message's ledger document. */
export function consumptionDocumentId(conversationId: string, messageId: string): string {
  return `${conversationId}:${messageId}`;
}

/** Whole credits a message cost: its exact cost rounded up, as its `costCredits` says. */
export function messageCredits(doc: Pick<ConsumptionTotals, 'costMicroCredits'>): number {
  return Math.ceil(doc.costMicroCredits / 1_000_000);
}

/** A monthly budget (`consumption_budgets`, id from `consumptionBudgetId`); removed budgets have no document. */
export interface ConsumptionBudgetDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly scope: 'workspace' | 'user';
  readonly userId: string | null;
  readonly monthlyCredits: number;
  readonly setBy: string;
  readonly setAt: number;
  readonly lastPosition: number;
}

/** Id of the workspace's budget (`userId` null) or of a member's. */
export function consumptionBudgetId(workspaceId: string, userId: string | null): string {
  return userId === null ? `${workspaceId}:workspace` : `${workspaceId}:user:${userId}`;
}
