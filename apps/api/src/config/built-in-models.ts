import type { ModelEntry, ReasoningEffort } from '@app/contracts/language-models/model.types';

/**
 * The models this server knows out of the box, per built-in provider. A provider's models are only
 * offered when its API key is configured (see provider-settings.ts).
 *
 * Units and sources:
 * - Credits: 1 credit = 1 micro-USD (10⁻⁶ USD). `creditsPerMillion…Tokens` is therefore the provider's
 *   list price in USD per million tokens × 10⁶ (e.g. $2.00/M → 2_000_000). Output prices include
 *   reasoning tokens, which every provider here bills as output. List prices as published by the
 *   providers in late 2025; operators who negotiate other prices can override them later.
 * - Context sizes are the providers' documented context windows, in tokens.
 * - Regions say where the provider's *public* API processes data. Mistral's platform is hosted in
 *   the EU and serves both regions; the public OpenAI, Anthropic and Google AI Studio endpoints
 *   process in the US, so they are listed for `us-central1` only and a workspace with
 *   `regionalModelsOnly` in `europe-west1` cannot use them.
 * - Reasoning efforts: `['none']` means no configurable reasoning. Models that always reason
 *   (o-series, gpt-5, gemini-2.5-pro, Magistral) do not offer `none`; models where thinking is opt-in
 *   (Claude, gemini-2.5-flash) default to `none`. Magistral takes `high` only (Mistral's
 *   `reasoning_effort` is `none` or `high` there).
 */
const US = ['us-central1'] as const;
const US_AND_EU = ['us-central1', 'europe-west1'] as const;
const NO_REASONING: readonly ReasoningEffort[] = ['none'];
const ALWAYS_REASONS: readonly ReasoningEffort[] = ['light', 'medium', 'high'];
const OPT_IN_REASONING: readonly ReasoningEffort[] = ['none', 'light', 'medium', 'high'];

/** Credits for a USD-per-million-tokens list price (1 credit = 1 micro-USD). */
export function creditsForUsdPerMillion(usdPerMillionTokens: number): number {
  return Math.round(usdPerMillionTokens * 1_000_000);
}

interface Spec {
  readonly modelId: string;
  readonly displayName: string;
  readonly contextSize: number;
  readonly efforts: readonly ReasoningEffort[];
  readonly defaultEffort: ReasoningEffort;
  readonly usdIn: number;
  readonly usdOut: number;
  readonly regions: readonly string[];
  /** Takes images in its input; every built-in model does unless it says otherwise. */
  readonly images?: false;
}

function provider(providerId: string, specs: readonly Spec[]): ModelEntry[] {
  return specs.map((spec) => ({
    providerId,
    modelId: spec.modelId,
    displayName: spec.displayName,
    contextSize: spec.contextSize,
    reasoningEfforts: spec.efforts,
    defaultReasoningEffort: spec.defaultEffort,
    creditsPerMillionInputTokens: creditsForUsdPerMillion(spec.usdIn),
    creditsPerMillionOutputTokens: creditsForUsdPerMillion(spec.usdOut),
    regions: spec.regions,
    acceptsImages: spec.images ?? true,
  }));
}

const plain = { efforts: NO_REASONING, defaultEffort: 'none' } as const;
const reasoner = { efforts: ALWAYS_REASONS, defaultEffort: 'medium' } as const;
const thinker = { efforts: OPT_IN_REASONING, defaultEffort: 'none' } as const;

/** Built-in provider ids, as on the wire. */
export const BUILT_IN_PROVIDER_IDS = ['openai', 'anthropic', 'google_ai_studio', 'mistral'] as const;

/** A built-in provider id. */
export type BuiltInProviderId = (typeof BUILT_IN_PROVIDER_IDS)[number];

/** The built-in catalog, by provider. */
export const BUILT_IN_MODELS: Readonly<Record<BuiltInProviderId, readonly ModelEntry[]>> = {
  openai: provider('openai', [
    { modelId: 'gpt-4.1', displayName: 'GPT-4.1', contextSize: 1_047_576, ...plain, usdIn: 2, usdOut: 8, regions: US },
    { modelId: 'gpt-4.1-mini', displayName: 'GPT-4.1 mini', contextSize: 1_047_576, ...plain, usdIn: 0.4, usdOut: 1.6, regions: US },
    { modelId: 'gpt-4.1-nano', displayName: 'GPT-4.1 nano', contextSize: 1_047_576, ...plain, usdIn: 0.1, usdOut: 0.4, regions: US },
    { modelId: 'gpt-4o', displayName: 'GPT-4o', contextSize: 128_000, ...plain, usdIn: 2.5, usdOut: 10, regions: US },
    { modelId: 'gpt-4o-mini', displayName: 'GPT-4o mini', contextSize: 128_000, ...plain, usdIn: 0.15, usdOut: 0.6, regions: US },
    { modelId: 'gpt-5', displayName: 'GPT-5', contextSize: 400_000, ...reasoner, usdIn: 1.25, usdOut: 10, regions: US },
    { modelId: 'gpt-5-mini', displayName: 'GPT-5 mini', contextSize: 400_000, ...reasoner, usdIn: 0.25, usdOut: 2, regions: US },
    { modelId: 'gpt-5-nano', displayName: 'GPT-5 nano', contextSize: 400_000, ...reasoner, usdIn: 0.05, usdOut: 0.4, regions: US },
    { modelId: 'o3', displayName: 'o3', contextSize: 200_000, ...reasoner, usdIn: 2, usdOut: 8, regions: US },
    { modelId: 'o4-mini', displayName: 'o4-mini', contextSize: 200_000, ...reasoner, usdIn: 1.1, usdOut: 4.4, regions: US },
  ]),
  anthropic: provider('anthropic', [
    { modelId: 'claude-sonnet-4-5', displayName: 'Claude Sonnet 4.5', contextSize: 200_000, ...thinker, usdIn: 3, usdOut: 15, regions: US },
    { modelId: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5', contextSize: 200_000, ...thinker, usdIn: 1, usdOut: 5, regions: US },
    { modelId: 'claude-opus-4-1', displayName: 'Claude Opus 4.1', contextSize: 200_000, ...thinker, usdIn: 15, usdOut: 75, regions: US },
    { modelId: 'claude-sonnet-4-0', displayName: 'Claude Sonnet 4', contextSize: 200_000, ...thinker, usdIn: 3, usdOut: 15, regions: US },
  ]),
  google_ai_studio: provider('google_ai_studio', [
    { modelId: 'gemini-2.5-pro', displayName: 'Gemini 2.5 Pro', contextSize: 1_048_576, ...reasoner, usdIn: 1.25, usdOut: 10, regions: US },
    { modelId: 'gemini-2.5-flash', displayName: 'Gemini 2.5 Flash', contextSize: 1_048_576, ...thinker, usdIn: 0.3, usdOut: 2.5, regions: US },
    { modelId: 'gemini-2.5-flash-lite', displayName: 'Gemini 2.5 Flash-Lite', contextSize: 1_048_576, ...thinker, usdIn: 0.1, usdOut: 0.4, regions: US },
  ]),
  mistral: provider('mistral', [
    { modelId: 'mistral-large-latest', displayName: 'Mistral Large', contextSize: 128_000, ...plain, usdIn: 2, usdOut: 6, regions: US_AND_EU, images: false },
    { modelId: 'mistral-medium-latest', displayName: 'Mistral Medium', contextSize: 128_000, ...plain, usdIn: 0.4, usdOut: 2, regions: US_AND_EU },
    { modelId: 'mistral-small-latest', displayName: 'Mistral Small', contextSize: 128_000, ...plain, usdIn: 0.1, usdOut: 0.3, regions: US_AND_EU },
    { modelId: 'magistral-medium-latest', displayName: 'Magistral Medium', contextSize: 128_000, efforts: ['high'], defaultEffort: 'high', usdIn: 2, usdOut: 5, regions: US_AND_EU },
  ]),
};
