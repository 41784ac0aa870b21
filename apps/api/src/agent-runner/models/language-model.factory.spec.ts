import { ollamaProvider, parseSettings } from '../../../../../test/support/provider-settings-helpers';
import {
  createLanguageModel,
  ModelProviderNotConfiguredError,
  reasoningProviderOptions,
  runTemperature,
} from './language-model.factory';

describe('createLanguageModel', () => {
  it('builds a model for each configured provider, with the requested id', () => {
    const settings = parseSettings({
      OPENAI_API_KEY: 'o',
      ANTHROPIC_API_KEY: 'a',
      GOOGLE_API_KEY: 'g',
      MISTRAL_API_KEY: 'm',
      CUSTOM_MODEL_PROVIDERS: JSON.stringify([ollamaProvider]),
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
    const model = createLanguageModel(parseSettings({ OPENAI_API_KEY: 'o', OPENAI_API_MODE: 'chat' }), 'openai', 'gpt-4.1');
    expect(typeof model === 'string' ? model : model.provider).toBe('openai.chat');
  });

  it('throws a typed error naming the variable to set when nothing is configured', () => {
    const attempt = () => createLanguageModel(parseSettings({}), 'openai', 'gpt-4.1');
    expect(attempt).toThrow(ModelProviderNotConfiguredError);
    expect(attempt).toThrow('Model provider openai is not configured: set OPENAI_API_KEY.');
    expect(() => createLanguageModel(parseSettings({}), 'google_ai_studio', 'gemini-2.5-pro')).toThrow(
      'set GOOGLE_GENERATIVE_AI_API_KEY',
    );
  });

  it('lists every variable for an unknown provider', () => {
    const noProvider = () => createLanguageModel(parseSettings({}), 'acme', 'm');
    expect(noProvider).toThrow(
      'No model provider is configured: set OPENAI_API_KEY (or ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY, ' +
        'MISTRAL_API_KEY), or declare it in CUSTOM_MODEL_PROVIDERS.',
    );
    const someProvider = () => createLanguageModel(parseSettings({ MISTRAL_API_KEY: 'm' }), 'acme', 'm');
    expect(someProvider).toThrow('Model provider acme is not configured');
    try {
      someProvider();
    } catch (error) {
      expect(error).toMatchObject({ code: 'model_provider_not_configured', providerId: 'acme' });
    }
  });
});

describe('reasoningProviderOptions', () => {
  const settings = parseSettings({ OPENAI_API_KEY: 'o' });

  it('sends nothing for no effort or none', () => {
    expect(reasoningProviderOptions(settings, 'openai', undefined)).toBeUndefined();
    expect(reasoningProviderOptions(settings, 'anthropic', 'none')).toBeUndefined();
  });

  it('maps efforts to each provider’s own options', () => {
    expect(reasoningProviderOptions(settings, 'openai', 'light')).toEqual({
      openai: { reasoningEffort: 'low', reasoningSummary: 'auto' },
    });
    expect(reasoningProviderOptions(parseSettings({ OPENAI_API_KEY: 'o', OPENAI_API_MODE: 'chat' }), 'openai', 'high')).toEqual({
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

describe('runTemperature', () => {
  it('sends no temperature to a thinking Claude, and the agent\'s everywhere else', () => {
    expect(runTemperature('anthropic', 'medium', 0.7)).toBeUndefined();
    expect(runTemperature('anthropic', 'none', 0.7)).toBe(0.7);
    expect(runTemperature('anthropic', undefined, 0.7)).toBe(0.7);
    expect(runTemperature('google_ai_studio', 'high', 0.2)).toBe(0.2);
    expect(runTemperature('openai', 'light', 0.5)).toBe(0.5);
  });
});
