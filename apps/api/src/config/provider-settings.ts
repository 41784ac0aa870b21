import { z } from 'zod';
import { REASONING_EFFORTS, type ModelEntry, type ReasoningEffort } from '@app/contracts/language-models/model.types';
import { BUILT_IN_MODELS, BUILT_IN_PROVIDER_IDS, type BuiltInProviderId } from './built-in-models';

/**
 * A credential that cannot leak through logs: JSON, string conversion and `util.inspect` all print
 * `[redacted]`; only `reveal()` returns the value, and only the model factory calls it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The raw credential, for the HTTP client and nothing else. */
  reveal(): string {
    return this.#value;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'Secret([redacted])';
  }
}

/** Which OpenAI HTTP API the `openai` provider speaks. */
export type OpenAIApiMode = 'responses' | 'chat';

/** The `openai` provider: the official API, or any OpenAI-compatible endpoint at `baseUrl`. */
export interface OpenAIProviderSettings {
  readonly apiKey: Secret;
  /** `OPENAI_BASE_URL`; `null` means api.openai.com. */
  readonly baseUrl: string | null;
  readonly apiMode: OpenAIApiMode;
  /** `OPENAI_MODELS`: ids served by the endpoint beyond the built-in list. */
  readonly extraModelIds: readonly string[];
}

/** A provider configured by its key, optionally reached at another URL (a proxy, a gateway, a test server). */
export interface KeyProviderSettings {
  readonly apiKey: Secret;
  /** `<PROVIDER>_BASE_URL`; `null` means the provider's own API. */
  readonly baseUrl: string | null;
}

/** An operator-defined OpenAI-compatible endpoint (`CUSTOM_MODEL_PROVIDERS`). */
export interface CustomProviderSettings {
  readonly id: string;
  readonly baseUrl: string;
  readonly apiKey: Secret | null;
  readonly models: readonly ModelEntry[];
}

/** The model providers this deployment may call; `null` means not configured. */
export interface ProviderSettings {
  readonly openai: OpenAIProviderSettings | null;
  readonly anthropic: KeyProviderSettings | null;
  readonly google_ai_studio: KeyProviderSettings | null;
  readonly mistral: KeyProviderSettings | null;
  readonly custom: readonly CustomProviderSettings[];
}

/** The variable that enables each built-in provider, for messages telling the operator what to set. */
export const PROVIDER_KEY_VARIABLES: Readonly<Record<BuiltInProviderId, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google_ai_studio: 'GOOGLE_GENERATIVE_AI_API_KEY',
  mistral: 'MISTRAL_API_KEY',
};

/** Result of parsing: settings, or every problem found, each naming its variable. */
export type ProviderSettingsResult =
  | { readonly ok: true; readonly settings: ProviderSettings }
  | { readonly ok: false; readonly errors: readonly string[] };

const BOTH_REGIONS: readonly string[] = ['us-central1', 'europe-west1'];
const OPENAI_API_MODES: readonly OpenAIApiMode[] = ['responses', 'chat'];

/** Parses provider configuration from the environment the config module passes in (never `process.env`). */
export function parseProviderSettings(env: Readonly<Record<string, string | undefined>>): ProviderSettingsResult {
  const errors: string[] = [];
  const read = (name: string): string | undefined => {
    // An empty value (`OPENAI_API_KEY=` in a compose file) means "not set".
    const value = env[name]?.trim();
    return value === undefined || value.length === 0 ? undefined : value;
  };

  const openai = parseOpenAI(read, errors);
  const keyed = (keyNames: readonly string[], baseUrlName: string): KeyProviderSettings | null => {
    const apiKey = keyNames.map(read).find((value) => value !== undefined);
    const baseUrl = read(baseUrlName);
    if (baseUrl !== undefined && !isHttpUrl(baseUrl)) errors.push(`${baseUrlName} must be an http(s) URL, got "${baseUrl}".`);
    if (apiKey === undefined) {
      if (baseUrl !== undefined) errors.push(`${baseUrlName} set but ${keyNames[0]} is not: set ${keyNames[0]}.`);
      return null;
    }
    return { apiKey: new Secret(apiKey), baseUrl: baseUrl === undefined ? null : baseUrl.replace(/\/+$/, '') };
  };
  const anthropic = keyed(['ANTHROPIC_API_KEY'], 'ANTHROPIC_BASE_URL');
  const google = keyed(['GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_API_KEY'], 'GOOGLE_GENERATIVE_AI_BASE_URL');
  const mistral = keyed(['MISTRAL_API_KEY'], 'MISTRAL_BASE_URL');
  const custom = parseCustomProviders(read('CUSTOM_MODEL_PROVIDERS'), errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, settings: { openai, anthropic, google_ai_studio: google, mistral, custom } };
}

/** The models this deployment can run: built-ins of configured providers, then operator-defined ones. */
export function buildModelCatalog(settings: ProviderSettings): ModelEntry[] {
  const catalog: ModelEntry[] = [];
  for (const providerId of BUILT_IN_PROVIDER_IDS) {
    if (settings[providerId] !== null) catalog.push(...BUILT_IN_MODELS[providerId]);
  }
  if (settings.openai !== null) {
    const known = new Set(BUILT_IN_MODELS.openai.map((model) => model.modelId));
    for (const modelId of settings.openai.extraModelIds) {
      if (!known.has(modelId)) catalog.push(selfHostedModel('openai', modelId));
    }
  }
  for (const provider of settings.custom) catalog.push(...provider.models);
  return catalog;
}

/** Ids of the providers that are configured, built-in first. */
export function configuredProviderIds(settings: ProviderSettings): string[] {
  return [
    ...BUILT_IN_PROVIDER_IDS.filter((providerId) => settings[providerId] !== null),
    ...settings.custom.map((provider) => provider.id),
  ];
}

function parseOpenAI(read: (name: string) => string | undefined, errors: string[]): OpenAIProviderSettings | null {
  const apiKey = read('OPENAI_API_KEY');
  const baseUrl = read('OPENAI_BASE_URL');
  const apiMode = read('OPENAI_API_MODE');
  const models = read('OPENAI_MODELS');
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    errors.push(`OPENAI_BASE_URL must be an http(s) URL, got "${baseUrl}".`);
  }
  if (apiMode !== undefined && !OPENAI_API_MODES.some((mode) => mode === apiMode)) {
    errors.push(`OPENAI_API_MODE must be one of ${OPENAI_API_MODES.join(', ')}, got "${apiMode}".`);
  }
  if (apiKey === undefined) {
    const orphans = [
      ['OPENAI_BASE_URL', baseUrl],
      ['OPENAI_API_MODE', apiMode],
      ['OPENAI_MODELS', models],
    ].filter(([, value]) => value !== undefined);
    if (orphans.length > 0) {
      errors.push(
        `${orphans.map(([name]) => name).join(', ')} set but OPENAI_API_KEY is not: set OPENAI_API_KEY ` +
          '(any non-empty value for an endpoint without authentication).',
      );
    }
    return null;
  }
  const extraModelIds = [...new Set((models ?? '').split(',').map((id) => id.trim()).filter((id) => id.length > 0))];
  return {
    apiKey: new Secret(apiKey),
    baseUrl: baseUrl === undefined ? null : baseUrl.replace(/\/+$/, ''),
    apiMode: apiMode === 'chat' ? 'chat' : 'responses',
    extraModelIds,
  };
}

const reasoningEffortSchema = z.enum(['none', 'light', 'medium', 'high']);

const customModelSchema = z
  .object({
    modelId: z.string().trim().min(1),
    displayName: z.string().trim().min(1).optional(),
    contextSize: z.number().int().positive(),
    regions: z.array(z.string().trim().min(1)).min(1).optional(),
    reasoningEfforts: z.array(reasoningEffortSchema).min(1).optional(),
    defaultReasoningEffort: reasoningEffortSchema.optional(),
    creditsPerMillionInputTokens: z.number().nonnegative().optional(),
    creditsPerMillionOutputTokens: z.number().nonnegative().optional(),
    acceptsImages: z.boolean().optional(),
  })
  .strict();

const customProviderSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, "-" or "_"')
      .refine((id) => !BUILT_IN_PROVIDER_IDS.some((builtIn) => builtIn === id), 'is a built-in provider id'),
    baseUrl: z.string().refine(isHttpUrl, 'must be an http(s) URL'),
    apiKey: z.string().min(1).optional(),
    models: z.array(customModelSchema).min(1),
  })
  .strict();

function parseCustomProviders(raw: string | undefined, errors: string[]): CustomProviderSettings[] {
  if (raw === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    errors.push(`CUSTOM_MODEL_PROVIDERS is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`);
    return [];
  }
  const parsed = z.array(customProviderSchema).safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('');
      errors.push(`CUSTOM_MODEL_PROVIDERS${path}: ${issue.message}.`);
    }
    return [];
  }
  const before = errors.length;
  const seenProviders = new Set<string>();
  const providers = parsed.data.map((provider, index): CustomProviderSettings => {
    if (seenProviders.has(provider.id)) {
      errors.push(`CUSTOM_MODEL_PROVIDERS[${index}].id: "${provider.id}" is defined twice.`);
    }
    seenProviders.add(provider.id);
    const seenModels = new Set<string>();
    const models = provider.models.map((model, modelIndex): ModelEntry => {
      const at = `CUSTOM_MODEL_PROVIDERS[${index}].models[${modelIndex}]`;
      if (seenModels.has(model.modelId)) errors.push(`${at}.modelId: "${model.modelId}" is defined twice.`);
      seenModels.add(model.modelId);
      const efforts: readonly ReasoningEffort[] = model.reasoningEfforts ?? ['none'];
      const defaultEffort = model.defaultReasoningEffort ?? efforts[0];
      if (!efforts.includes(defaultEffort)) {
        errors.push(`${at}.defaultReasoningEffort: "${defaultEffort}" is not in reasoningEfforts.`);
      }
      return {
        ...selfHostedModel(provider.id, model.modelId),
        displayName: model.displayName ?? model.modelId,
        contextSize: model.contextSize,
        regions: model.regions ?? BOTH_REGIONS,
        reasoningEfforts: sortEfforts(efforts),
        defaultReasoningEffort: defaultEffort,
        creditsPerMillionInputTokens: model.creditsPerMillionInputTokens ?? 0,
        creditsPerMillionOutputTokens: model.creditsPerMillionOutputTokens ?? 0,
        ...(model.acceptsImages !== undefined ? { acceptsImages: model.acceptsImages } : {}),
      };
    });
    return {
      id: provider.id,
      baseUrl: provider.baseUrl.replace(/\/+$/, ''),
      apiKey: provider.apiKey === undefined ? null : new Secret(provider.apiKey),
      models,
    };
  });
  return errors.length > before ? [] : providers;
}

/**
 * An entry for a model the operator serves: it runs wherever the deployment runs (both regions),
 * costs no credits unless priced, and has no configurable reasoning unless declared.
 */
function selfHostedModel(providerId: string, modelId: string): ModelEntry {
  return {
    providerId,
    modelId,
    displayName: modelId,
    contextSize: 128_000,
    reasoningEfforts: ['none'],
    defaultReasoningEffort: 'none',
    creditsPerMillionInputTokens: 0,
    creditsPerMillionOutputTokens: 0,
    regions: BOTH_REGIONS,
  };
}

function sortEfforts(efforts: readonly ReasoningEffort[]): ReasoningEffort[] {
  return REASONING_EFFORTS.filter((effort) => efforts.includes(effort));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
