import { parseProviderSettings, type ProviderSettings } from '../../apps/api/src/config/provider-settings';

/** Provider settings parsed from `env`; fails the test on any error. */
export function parseSettings(env: Record<string, string | undefined>): ProviderSettings {
  const result = parseProviderSettings(env);
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join(' | ')}`);
  return result.settings;
}

/** A CUSTOM_MODEL_PROVIDERS entry for a local Ollama with one model in two regions. */
export const ollamaProvider = {
  id: 'ollama',
  baseUrl: 'http://localhost:11434/v1/',
  apiKey: 'optional',
  models: [{ modelId: 'llama3.1', contextSize: 128_000, regions: ['us-central1', 'europe-west1'] }],
};
