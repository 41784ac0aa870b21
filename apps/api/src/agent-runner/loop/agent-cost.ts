import type { ModelEntry } from '@app/contracts/language-models/model.types';
import type { AgentLoopUsage } from './agent-loop.types';

/**
 * Credits a run cost (1 credit = 1 micro-USD, see config/built-in-models.ts), rounded up so that any
 * billable usage costs at least one credit. Cached input is billed at the full input price: the
 * discount differs per provider and over-billing by a cache discount is the safe side.
 */
export function costCredits(
  usage: AgentLoopUsage,
  model: Pick<ModelEntry, 'creditsPerMillionInputTokens' | 'creditsPerMillionOutputTokens'>,
): number {
  const microCredits =
    usage.inputTokens * model.creditsPerMillionInputTokens + usage.outputTokens * model.creditsPerMillionOutputTokens;
  return Math.ceil(microCredits / 1_000_000);
}
