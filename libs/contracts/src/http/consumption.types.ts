/**
 * Wire shapes of the cost ledger. `ConversationConsumption*` mirror the real product's
 * `GET /api/v1/w/{wId}/assistant/conversations/{cId}/consumption`; the token counts on a model are
 * this service's addition (the product answers credits only). 1 credit = 1 micro-USD.
 */

/** A tool's share of a conversation's credits (the product's shape; model calls bear every cost here, so the list is empty). */
export interface ConversationConsumptionToolDetails {
  readonly toolName: string;
  readonly label: string;
  readonly internalMCPServerName: string | null;
  readonly callCount: number;
  readonly attributedCredits: number;
  readonly directCredits: number;
  readonly pending: boolean;
}

/** A model's share: its exact cost, and the tokens it read and wrote. */
export interface ConversationConsumptionModelDetails {
  readonly providerId: string;
  readonly modelId: string;
  readonly displayName: string;
  readonly attributedCredits: number;
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
  readonly cachedInputTokens: number;
}

/** An agent's share of a conversation's credits. */
export interface ConversationConsumptionAgentDetails {
  readonly agentId: string;
  readonly name: string;
  readonly pictureUrl: string;
  readonly billedCredits: number;
  readonly agentWorkCredits: number;
  readonly tools: readonly ConversationConsumptionToolDetails[];
  readonly models: readonly ConversationConsumptionModelDetails[];
}

export interface ConversationConsumptionDetails {
  readonly agentWorkCredits: number;
  readonly tools: readonly ConversationConsumptionToolDetails[];
  readonly models: readonly ConversationConsumptionModelDetails[];
  readonly agents: readonly ConversationConsumptionAgentDetails[];
}

/** `billedCredits`: the sum of the `costCredits` of the conversation's agent messages, runs in progress included. */
export interface ConversationConsumptionResponse {
  readonly billedCredits: number;
  /** Null when no agent message has cost anything yet. */
  readonly details: ConversationConsumptionDetails | null;
}

/** What the workspace roll-up groups by. */
export const CONSUMPTION_GROUP_BYS = ['user', 'agent', 'conversation', 'fork', 'day'] as const;
export type ConsumptionGroupBy = (typeof CONSUMPTION_GROUP_BYS)[number];

/** Tokens and credits of a set of agent messages. */
export interface ConsumptionFigures {
  readonly messages: number;
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
  readonly cachedInputTokens: number;
  /** Sum of the messages' `costCredits`. */
  readonly costCredits: number;
}

/** One group of the roll-up: `key` is a user sId (`null`: no author), an agent sId, a conversation sId, the root conversation of a fork family, or a `YYYY-MM-DD` day. */
export interface ConsumptionGroup extends ConsumptionFigures {
  readonly key: string | null;
}

export interface WorkspaceConsumptionResponse {
  readonly groupBy: ConsumptionGroupBy;
  readonly from: number | null;
  readonly to: number | null;
  /** Costliest first (by day: oldest first). */
  readonly groups: readonly ConsumptionGroup[];
  readonly total: ConsumptionFigures;
}

/** A monthly budget and what its scope spent this UTC month. */
export interface ConsumptionBudget {
  readonly scope: 'workspace' | 'user';
  readonly userId: string | null;
  readonly monthlyCredits: number;
  readonly spentCredits: number;
  /** `YYYY-MM` of `spentCredits`. */
  readonly month: string;
}

export interface ConsumptionBudgetsResponse {
  readonly budgets: readonly ConsumptionBudget[];
}
