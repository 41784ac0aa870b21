import type { JSONValue, LanguageModel } from 'ai';
import type { ReasoningEffort } from '@app/contracts/language-models/model.types';
import { aiSdkProviders } from '../../common/ai-sdk';
import { BUILT_IN_PROVIDER_IDS, type BuiltInProviderId } from '../../config/built-in-models';
import { withGoogleRetryInfo } from './google-retry-info.fetch';
import { modelFetch, modelFetchIgnoring } from './model-fetch';
import { PROVIDER_KEY_VARIABLES, type ProviderSettings } from '../../config/provider-settings';

/** Provider options as the AI SDK takes them (`providerOptions` of `streamText`). */
export type ModelProviderOptions = Record<string, Record<string, JSONValue>>;

/** A model was asked of a provider this deployment has no credentials for; the message says what to set. */
export class ModelProviderNotConfiguredError extends Error {
  readonly code = 'model_provider_not_configured';

  constructor(
    readonly providerId: string,
    message: string,
  ) {
    super(message);
    this.name = 'ModelProviderNotConfiguredError';
  }
}

/**
 * Events of OpenAI's Responses API that the AI SDK's provider does not model: it validates each
 * against every member of its chunk schema, then discards it. They come before the first token
 * (`response.content_part.added`) and after each text or summary, so they are left out of the
 * stream before the SDK sees it (see SseEventFilter). Only types the SDK discards belong here:
 * models/language-model.factory.spec.ts checks that the SDK yields the same parts without them.
 */
export const OPENAI_RESPONSES_IGNORED_EVENTS: ReadonlySet<string> = new Set([
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.done',
  'response.reasoning_summary_text.done',
]);

const openAiResponsesFetch = modelFetchIgnoring(OPENAI_RESPONSES_IGNORED_EVENTS);

/** Builds the AI SDK model for a provider/model pair from the configured credentials. */
export function createLanguageModel(settings: ProviderSettings, providerId: string, modelId: string): LanguageModel {
  if (isBuiltIn(providerId)) {
    switch (providerId) {
      case 'openai': {
        const openai = settings.openai;
        if (openai === null) throw notConfigured(settings, providerId);
        const fetch = openai.apiMode === 'chat' ? modelFetch : openAiResponsesFetch;
        const provider = aiSdkProviders.openai().createOpenAI({ apiKey: openai.apiKey.reveal(), baseURL: openai.baseUrl ?? undefined, fetch });
        return openai.apiMode === 'chat' ? provider.chat(modelId) : provider.responses(modelId);
      }
      case 'anthropic': {
        const anthropic = settings.anthropic;
        if (anthropic === null) throw notConfigured(settings, providerId);
        // Always a baseURL: without one the SDK would read ANTHROPIC_BASE_URL from process.env itself.
        const baseURL = anthropic.baseUrl ?? 'https://api.anthropic.com/v1';
        return aiSdkProviders.anthropic().createAnthropic({ apiKey: anthropic.apiKey.reveal(), baseURL, fetch: modelFetch })(modelId);
      }
      case 'google_ai_studio': {
        const google = settings.google_ai_studio;
        if (google === null) throw notConfigured(settings, providerId);
        const fetch = withGoogleRetryInfo(modelFetch);
        return aiSdkProviders.google().createGoogleGenerativeAI({ apiKey: google.apiKey.reveal(), baseURL: google.baseUrl ?? undefined, fetch })(modelId);
      }
      case 'mistral': {
        const mistral = settings.mistral;
        if (mistral === null) throw notConfigured(settings, providerId);
        return aiSdkProviders.mistral().createMistral({ apiKey: mistral.apiKey.reveal(), baseURL: mistral.baseUrl ?? undefined, fetch: modelFetch })(modelId);
      }
    }
  }
  const custom = settings.custom.find((provider) => provider.id === providerId);
  if (custom === undefined) throw notConfigured(settings, providerId);
  return aiSdkProviders.openAiCompatible().createOpenAICompatible({
    name: custom.id,
    baseURL: custom.baseUrl,
    apiKey: custom.apiKey?.reveal(),
    includeUsage: true,
    fetch: modelFetch,
  }).chatModel(modelId);
}

// Token budgets for providers that think in budgets rather than levels.
const THINKING_BUDGET_TOKENS: Readonly<Record<Exclude<ReasoningEffort, 'none'>, number>> = {
  light: 2_048,
  medium: 8_192,
  high: 24_576,
};

const EFFORT_LEVEL: Readonly<Record<Exclude<ReasoningEffort, 'none'>, 'low' | 'medium' | 'high'>> = {
  light: 'low',
  medium: 'medium',
  high: 'high',
};

/**
 * Maps our reasoning effort to the provider's own options. `none` (or no effort) sends nothing, so
 * the model runs with its provider default; the catalog only offers `none` where that means "no
 * thinking".
 */
export function reasoningProviderOptions(
  settings: ProviderSettings,
  providerId: string,
  effort: ReasoningEffort | undefined,
): ModelProviderOptions | undefined {
  if (effort === undefined || effort === 'none') return undefined;
  switch (providerId) {
    case 'openai':
      return {
        openai: {
          reasoningEffort: EFFORT_LEVEL[effort],
          // Summaries are what the Responses API streams as reasoning; chat completions stream none.
          ...(settings.openai?.apiMode === 'chat' ? {} : { reasoningSummary: 'auto' }),
        },
      };
    case 'anthropic':
      return { anthropic: { thinking: { type: 'enabled', budgetTokens: THINKING_BUDGET_TOKENS[effort] } } };
    case 'google_ai_studio':
      return { google: { thinkingConfig: { thinkingBudget: THINKING_BUDGET_TOKENS[effort], includeThoughts: true } } };
    case 'mistral':
      return { mistral: { reasoningEffort: EFFORT_LEVEL[effort] } };
    default:
      // OpenAI-compatible endpoints read options under their provider name and send `reasoning_effort`.
      return { [providerId]: { reasoningEffort: EFFORT_LEVEL[effort] } };
  }
}

/**
 * The temperature a run sends. Anthropic refuses a temperature while Claude thinks (the AI SDK drops
 * it with a warning on every step), so a thinking Claude run sends none and the model's own applies.
 */
export function runTemperature(providerId: string, effort: ReasoningEffort | undefined, temperature: number | undefined): number | undefined {
  const thinking = effort !== undefined && effort !== 'none';
  return providerId === 'anthropic' && thinking ? undefined : temperature;
}

function isBuiltIn(providerId: string): providerId is BuiltInProviderId {
  return BUILT_IN_PROVIDER_IDS.some((builtIn) => builtIn === providerId);
}

function notConfigured(settings: ProviderSettings, providerId: string): ModelProviderNotConfiguredError {
  if (isBuiltIn(providerId)) {
    return new ModelProviderNotConfiguredError(
      providerId,
      `Model provider ${providerId} is not configured: set ${PROVIDER_KEY_VARIABLES[providerId]}.`,
    );
  }
  const anyConfigured =
    BUILT_IN_PROVIDER_IDS.some((builtIn) => settings[builtIn] !== null) || settings.custom.length > 0;
  const variables = BUILT_IN_PROVIDER_IDS.map((builtIn) => PROVIDER_KEY_VARIABLES[builtIn]);
  const hint = `set ${variables[0]} (or ${variables.slice(1).join(', ')}), or declare it in CUSTOM_MODEL_PROVIDERS.`;
  return new ModelProviderNotConfiguredError(
    providerId,
    anyConfigured
      ? `Model provider ${providerId} is not configured: ${hint}`
      : `No model provider is configured: ${hint}`,
  );
}
