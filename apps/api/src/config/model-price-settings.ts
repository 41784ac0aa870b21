import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { z } from 'zod';
import { creditsForUsdPerMillion } from './built-in-models';

/** `MODEL_PRICES`: list prices in USD per million tokens, by `providerId/modelId`. */
const PriceSchema = z.strictObject({ input: z.number().min(0).max(100_000), output: z.number().min(0).max(100_000) });
const PricesSchema = z.record(z.string().regex(/^[^/\s]+\/\S+$/, 'keys are providerId/modelId'), PriceSchema);

/** Price overrides by `providerId/modelId`, in credits per million tokens. */
export type ModelPrices = ReadonlyMap<string, Pick<ModelEntry, 'creditsPerMillionInputTokens' | 'creditsPerMillionOutputTokens'>>;

/**
 * Parses `MODEL_PRICES` (JSON, `{"openai/gpt-4o": {"input": 2.5, "output": 10}}`, USD per million
 * tokens); unset means the catalog's own prices. A bad value is a configuration problem.
 */
export function parseModelPrices(raw: string | undefined, problems: string[]): ModelPrices {
  const prices = new Map<string, Pick<ModelEntry, 'creditsPerMillionInputTokens' | 'creditsPerMillionOutputTokens'>>();
  if (raw === undefined || raw.trim() === '') return prices;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push('MODEL_PRICES must be JSON: {"providerId/modelId": {"input": USD per million tokens, "output": ...}}');
    return prices;
  }
  const parsed = PricesSchema.safeParse(json);
  if (!parsed.success) {
    problems.push(`MODEL_PRICES: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`);
    return prices;
  }
  for (const [key, price] of Object.entries(parsed.data)) {
    prices.set(key, { creditsPerMillionInputTokens: creditsForUsdPerMillion(price.input), creditsPerMillionOutputTokens: creditsForUsdPerMillion(price.output) });
  }
  return prices;
}

/** The catalog with the deployment's prices in place of the defaults: every cost is computed from it. */
export function pricedCatalog(catalog: readonly ModelEntry[], prices: ModelPrices): ModelEntry[] {
  return catalog.map((model) => {
    const price = prices.get(`${model.providerId}/${model.modelId}`);
    return price ? { ...model, ...price } : model;
  });
}
