// The factory loads the AI SDK, whose ESM graph reaches two ESM-only files jest.config's transform
// list misses; these shims load the equivalent CommonJS / identical values.
jest.mock('zod/v4/locales/en.js', () => jest.requireActual('zod/v4/locales/en.cjs'));
jest.mock('@workflow/serde', () => ({
  WORKFLOW_SERIALIZE: Symbol.for('workflow-serialize'),
  WORKFLOW_DESERIALIZE: Symbol.for('workflow-deserialize'),
}));

import { parseProviderSettings, type ProviderSettings } from '../../config/provider-settings';
import {
  createLanguageModel,
  ModelProviderNotConfiguredError,
  reasoningProviderOptions,
} from './language-model.factory';

function parse(env: Record<string, string | undefined>): ProviderSettings {
  const result = parseProviderSettings(env);
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join(' | ')}`);
  return result.settings;
}

const ollama = {
  id: 'ollama',
  baseUrl: 'http://localhost:11434/v1/',
  apiKey: 'optional',
  models: [{ modelId: 'llama3.1', contextSize: 128_000, regions: ['us-central1', 'europe-west1'] }],
};

describe('createLanguageModel', () => {
  it('builds a model for each configured provider, with the requested id', () => {
    const settings = parse({
      OPENAI_API_KEY: 'o',
      ANTHROPIC_API_KEY: 'a',
      GOOGLE_API_KEY: 'g',
      MISTRAL_API_KEY: 'm',
      CUSTOM_MODEL_PROVIDERS: JSON.stringify([ollama]),
    });
    const cases: [string, string, string][] = [
      ['openai', 'gpt-4.1', 'openai.responses'],
      ['anthropic', 'claude-sonnet-4-5', 'anthropic.messages'],
      ['google_ai_studio', 'gemini-2.5-pro', 'google.generative-ai'],
      ['mistral', 'mistral-large-latest', 'mistral.chat'],
      ['ollama', 'llama3.1', 'ollama.chat'],
    ];
    for (const [providerId, modelId, sdkProvider] of cases) {
      const model = createLanguageModel(settings, providerId, modelId);
      if (typeof model === 'string') throw new Error('expected a model object');
      expect({ provider: model.provider, modelId: model.modelId }).toEqual({ provider: sdkProvider, modelId });
    }
  });

  it('uses chat completions when OPENAI_API_MODE=chat', () => {
    const model = createLanguageModel(parse({ OPENAI_API_KEY: 'o', OPENAI_API_MODE: 'chat' }), 'openai', 'gpt-4.1');
    expect(typeof model === 'string' ? model : model.provider).toBe('openai.chat');
  });

  it('throws a typed error naming the variable to set when nothing is configured', () => {
    const attempt = () => createLanguageModel(parse({}), 'openai', 'gpt-4.1');
    expect(attempt).toThrow(ModelProviderNotConfiguredError);
    expect(attempt).toThrow('Model provider openai is not configured: set OPENAI_API_KEY.');
    expect(() => createLanguageModel(parse({}), 'google_ai_studio', 'gemini-2.5-pro')).toThrow(
      'set GOOGLE_GENERATIVE_AI_API_KEY',
    );
  });

  it('lists every variable for an unknown provider', () => {
    const noProvider = () => createLanguageModel(parse({}), 'acme', 'm');
    expect(noProvider).toThrow(
      'No model provider is configured: set OPENAI_API_KEY (or ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY, ' +
        'MISTRAL_API_KEY), or declare it in CUSTOM_MODEL_PROVIDERS.',
    );
    const someProvider = () => createLanguageModel(parse({ MISTRAL_API_KEY: 'm' }), 'acme', 'm');
    expect(someProvider).toThrow('Model provider acme is not configured');
    try {
      someProvider();
    } catch (error) {
      expect(error).toMatchObject({ code: 'model_provider_not_configured', providerId: 'acme' });
    }
  });
});

describe('reasoningProviderOptions', () => {
  const settings = parse({ OPENAI_API_KEY: 'o' });

  it('sends nothing for no effort or none', () => {
    expect(reasoningProviderOptions(settings, 'openai', undefined)).toBeUndefined();
    expect(reasoningProviderOptions(settings, 'anthropic', 'none')).toBeUndefined();
  });

  it('maps efforts to each provider’s own options', () => {
    expect(reasoningProviderOptions(settings, 'openai', 'light')).toEqual({
      openai: { reasoningEffort: 'low', reasoningSummary: 'auto' },
    });
    expect(reasoningProviderOptions(parse({ OPENAI_API_KEY: 'o', OPENAI_API_MODE: 'chat' }), 'openai', 'high')).toEqual({
      openai: { reasoningEffort: 'high' },
    });
    expect(reasoningProviderOptions(settings, 'anthropic', 'medium')).toEqual({
      anthropic: { thinking: { type: 'enabled', budgetTokens: 8_192 } },
    });
    expect(reasoningProviderOptions(settings, 'google_ai_studio', 'high')).toEqual({
      google: { thinkingConfig: { thinkingBudget: 24_576, includeThoughts: true } },
    });
    expect(reasoningProviderOptions(settings, 'ollama', 'medium')).toEqual({ ollama: { reasoningEffort: 'medium' } });
  });
});
