import type { ModelEntry } from '@app/contracts/language-models/model.types';
import type { AgentLoopUsage } from './agent-loop.types';

/** The prices a cost is computed from (the catalog entry, after the deployment's `MODEL_PRICES`). */
export type ModelPrice = Pick<ModelEntry, 'creditsPerMillionInputTokens' | 'creditsPerMillionOutputTokens'>;

/**
 * Exact cost of some usage in millionths of a credit (1 credit = 1 micro-USD, see
 * config/built-in-models.ts). Linear in the tokens, so the steps of a run sum to the run's cost.
 * Cached input is billed at the full input price: the discount differs per provider and
 * over-billing by a cache discount is the safe side.
 */
export function costMicroCredits(usage: AgentLoopUsage, model: ModelPrice): number {
  return usage.inputTokens * model.creditsPerMillionInputTokens + usage.outputTokens * model.creditsPerMillionOutputTokens;
}

/** Whole credits for a cost in millionths, rounded up so that any billable usage costs at least one credit. */
export function creditsOfMicroCredits(microCredits: number): number {
  return Math.ceil(microCredits / 1_000_000);
}

/** Credits a run cost: the cost ledger's per-message figure (same computation, see consumption/). */
export function costCredits(usage: AgentLoopUsage, model: ModelPrice): number {
  return creditsOfMicroCredits(costMicroCredits(usage, model));
}
