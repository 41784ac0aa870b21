import { inspect } from 'node:util';
import { BUILT_IN_MODELS } from './built-in-models';
import { ollamaProvider, parseSettings } from '../../../../test/support/provider-settings-helpers';
import { buildModelCatalog, configuredProviderIds, parseProviderSettings } from './provider-settings';

function errorsOf(env: Record<string, string | undefined>): readonly string[] {
  const result = parseProviderSettings(env);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('parseProviderSettings', () => {
  it('configures nothing from an empty environment, and the catalog is empty', () => {
    const settings = parseSettings({});
    expect(settings).toEqual({ openai: null, anthropic: null, google_ai_studio: null, mistral: null, custom: [] });
    expect(buildModelCatalog(settings)).toEqual([]);
    expect(configuredProviderIds(settings)).toEqual([]);
  });

  it('treats empty and blank values as unset', () => {
    expect(parseSettings({ OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '   ', CUSTOM_MODEL_PROVIDERS: '' })).toMatchObject({
      openai: null,
      anthropic: null,
      custom: [],
    });
  });

  it('enables each built-in provider by its key', () => {
    const settings = parseSettings({
      OPENAI_API_KEY: 'sk-openai',
      ANTHROPIC_API_KEY: 'sk-ant',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
      MISTRAL_API_KEY: 'm-key',
    });
    expect(settings.openai?.apiKey.reveal()).toBe('sk-openai');
    expect(settings.openai).toMatchObject({ baseUrl: null, apiMode: 'responses', extraModelIds: [] });
    expect(settings.anthropic?.apiKey.reveal()).toBe('sk-ant');
    expect(settings.google_ai_studio?.apiKey.reveal()).toBe('g-key');
    expect(settings.mistral?.apiKey.reveal()).toBe('m-key');
    expect(configuredProviderIds(settings)).toEqual(['openai', 'anthropic', 'google_ai_studio', 'mistral']);
  });

  it('accepts GOOGLE_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY winning when both are set', () => {
    expect(parseSettings({ GOOGLE_API_KEY: 'fallback' }).google_ai_studio?.apiKey.reveal()).toBe('fallback');
    expect(
      parseSettings({ GOOGLE_API_KEY: 'fallback', GOOGLE_GENERATIVE_AI_API_KEY: 'primary' }).google_ai_studio?.apiKey.reveal(),
    ).toBe('primary');
  });

  it('points the openai provider at OPENAI_BASE_URL, with OPENAI_API_MODE and OPENAI_MODELS', () => {
    const settings = parseSettings({
      OPENAI_API_KEY: 'local',
      OPENAI_BASE_URL: 'http://vllm.internal:8000/v1/',
      OPENAI_API_MODE: 'chat',
      OPENAI_MODELS: ' qwen2.5-72b , gpt-4.1,,qwen2.5-72b ',
    });
    expect(settings.openai).toMatchObject({
      baseUrl: 'http://vllm.internal:8000/v1',
      apiMode: 'chat',
      extraModelIds: ['qwen2.5-72b', 'gpt-4.1'],
    });
    const openaiEntries = buildModelCatalog(settings).filter((model) => model.providerId === 'openai');
    // gpt-4.1 is already built in: listed once, with its built-in entry.
    expect(openaiEntries.filter((model) => model.modelId === 'gpt-4.1')).toEqual(
      BUILT_IN_MODELS.openai.filter((model) => model.modelId === 'gpt-4.1'),
    );
    expect(openaiEntries.find((model) => model.modelId === 'qwen2.5-72b')).toEqual({
      providerId: 'openai',
      modelId: 'qwen2.5-72b',
      displayName: 'qwen2.5-72b',
      contextSize: 128_000,
      reasoningEfforts: ['none'],
      defaultReasoningEffort: 'none',
      creditsPerMillionInputTokens: 0,
      creditsPerMillionOutputTokens: 0,
      regions: ['us-central1', 'europe-west1'],
    });
  });

  it('reports bad OpenAI settings, naming the variables', () => {
    const errors = errorsOf({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'localhost:8000', OPENAI_API_MODE: 'completions' });
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('OPENAI_BASE_URL');
    expect(errors[1]).toContain('OPENAI_API_MODE');
  });

  it('reports OpenAI endpoint settings without OPENAI_API_KEY instead of silently ignoring them', () => {
    const [error] = errorsOf({ OPENAI_BASE_URL: 'http://localhost:8000/v1', OPENAI_MODELS: 'llama' });
    expect(error).toContain('OPENAI_BASE_URL, OPENAI_MODELS');
    expect(error).toContain('set OPENAI_API_KEY');
  });

  it('points Anthropic, Google and Mistral at their *_BASE_URL, the official APIs when unset', () => {
    const settings = parseSettings({
      ANTHROPIC_API_KEY: 'a',
      ANTHROPIC_BASE_URL: 'http://gateway.internal/anthropic/v1/',
      GOOGLE_API_KEY: 'g',
      GOOGLE_GENERATIVE_AI_BASE_URL: 'https://gateway.internal/google/v1beta',
      MISTRAL_API_KEY: 'm',
    });
    expect(settings.anthropic?.baseUrl).toBe('http://gateway.internal/anthropic/v1');
    expect(settings.google_ai_studio?.baseUrl).toBe('https://gateway.internal/google/v1beta');
    expect(settings.mistral?.baseUrl).toBeNull();
  });

  it('reports a provider base URL that is not http(s), or set without its key', () => {
    const errors = errorsOf({ ANTHROPIC_API_KEY: 'a', ANTHROPIC_BASE_URL: 'api.anthropic.com', MISTRAL_BASE_URL: 'http://localhost:9000/v1' });
    expect(errors).toEqual([
      'ANTHROPIC_BASE_URL must be an http(s) URL, got "api.anthropic.com".',
      'MISTRAL_BASE_URL set but MISTRAL_API_KEY is not: set MISTRAL_API_KEY.',
    ]);
  });

  it('parses CUSTOM_MODEL_PROVIDERS into enabled providers and catalog entries', () => {
    const settings = parseSettings({
      CUSTOM_MODEL_PROVIDERS: JSON.stringify([
        ollamaProvider,
        {
          id: 'lite_llm',
          baseUrl: 'https://llm.example.com',
          models: [
            {
              modelId: 'deepseek-r1',
              displayName: 'DeepSeek R1',
              contextSize: 64_000,
              regions: ['europe-west1'],
              reasoningEfforts: ['high', 'light'],
              defaultReasoningEffort: 'high',
              creditsPerMillionInputTokens: 550_000,
              creditsPerMillionOutputTokens: 2_190_000,
            },
          ],
        },
      ]),
    });
    expect(settings.custom.map((provider) => [provider.id, provider.baseUrl, provider.apiKey?.reveal() ?? null])).toEqual([
      ['ollama', 'http://localhost:11434/v1', 'optional'],
      ['lite_llm', 'https://llm.example.com', null],
    ]);
    expect(configuredProviderIds(settings)).toEqual(['ollama', 'lite_llm']);
    expect(buildModelCatalog(settings)).toEqual([
      {
        providerId: 'ollama',
        modelId: 'llama3.1',
        displayName: 'llama3.1',
        contextSize: 128_000,
        reasoningEfforts: ['none'],
        defaultReasoningEffort: 'none',
        creditsPerMillionInputTokens: 0,
        creditsPerMillionOutputTokens: 0,
        regions: ['us-central1', 'europe-west1'],
      },
      {
        providerId: 'lite_llm',
        modelId: 'deepseek-r1',
        displayName: 'DeepSeek R1',
        contextSize: 64_000,
        reasoningEfforts: ['light', 'high'],
        defaultReasoningEffort: 'high',
        creditsPerMillionInputTokens: 550_000,
        creditsPerMillionOutputTokens: 2_190_000,
        regions: ['europe-west1'],
      },
    ]);
  });

  it.each<[string, string, string]>([
    ['not JSON', '[{"id": "ollama",', 'CUSTOM_MODEL_PROVIDERS is not valid JSON'],
    ['not an array', JSON.stringify(ollamaProvider), 'CUSTOM_MODEL_PROVIDERS: Expected array'],
    ['a bad base URL', JSON.stringify([{ ...ollamaProvider, baseUrl: 'localhost:11434' }]), 'CUSTOM_MODEL_PROVIDERS[0].baseUrl'],
    ['an upper-case id', JSON.stringify([{ ...ollamaProvider, id: 'Ollama' }]), 'CUSTOM_MODEL_PROVIDERS[0].id'],
    ['a built-in id', JSON.stringify([{ ...ollamaProvider, id: 'openai' }]), 'is a built-in provider id'],
    ['no models', JSON.stringify([{ ...ollamaProvider, models: [] }]), 'CUSTOM_MODEL_PROVIDERS[0].models'],
    [
      'a string context size',
      JSON.stringify([{ ...ollamaProvider, models: [{ modelId: 'm', contextSize: '8k' }] }]),
      'CUSTOM_MODEL_PROVIDERS[0].models[0].contextSize',
    ],
    [
      'an unknown model field (typo)',
      JSON.stringify([{ ...ollamaProvider, models: [{ modelId: 'm', contextSize: 8000, region: ['us-central1'] }] }]),
      'CUSTOM_MODEL_PROVIDERS[0].models[0]: Unrecognized key',
    ],
    [
      'an unknown reasoning effort',
      JSON.stringify([{ ...ollamaProvider, models: [{ modelId: 'm', contextSize: 8000, reasoningEfforts: ['max'] }] }]),
      'CUSTOM_MODEL_PROVIDERS[0].models[0].reasoningEfforts[0]',
    ],
    [
      'a default effort outside the supported ones',
      JSON.stringify([
        { ...ollamaProvider, models: [{ modelId: 'm', contextSize: 8000, reasoningEfforts: ['light'], defaultReasoningEffort: 'high' }] },
      ]),
      'CUSTOM_MODEL_PROVIDERS[0].models[0].defaultReasoningEffort',
    ],
    ['a duplicated provider', JSON.stringify([ollamaProvider, ollamaProvider]), 'CUSTOM_MODEL_PROVIDERS[1].id: "ollama" is defined twice'],
    [
      'a duplicated model',
      JSON.stringify([{ ...ollamaProvider, models: [...ollamaProvider.models, ...ollamaProvider.models] }]),
      'CUSTOM_MODEL_PROVIDERS[0].models[1].modelId: "llama3.1" is defined twice',
    ],
  ])('rejects CUSTOM_MODEL_PROVIDERS with %s, naming the variable', (_label, value, expected) => {
    const errors = errorsOf({ CUSTOM_MODEL_PROVIDERS: value });
    expect(errors.join('\n')).toContain(expected);
  });

  it('collects every problem at once', () => {
    const errors = errorsOf({ OPENAI_API_MODE: 'x', CUSTOM_MODEL_PROVIDERS: 'nope' });
    expect(errors.some((error) => error.startsWith('OPENAI_API_MODE'))).toBe(true);
    expect(errors.some((error) => error.startsWith('CUSTOM_MODEL_PROVIDERS'))).toBe(true);
  });
});

describe('keys never reach logs', () => {
  const settings = parseSettings({
    OPENAI_API_KEY: 'sk-live-SECRET1',
    ANTHROPIC_API_KEY: 'sk-ant-SECRET2',
    CUSTOM_MODEL_PROVIDERS: JSON.stringify([{ ...ollamaProvider, apiKey: 'SECRET3' }]),
  });

  it('redacts keys in JSON, string conversion and util.inspect', () => {
    const json = JSON.stringify(settings);
    const inspected = inspect(settings, { depth: 10 });
    for (const secret of ['SECRET1', 'SECRET2', 'SECRET3']) {
      expect(json).not.toContain(secret);
      expect(inspected).not.toContain(secret);
    }
    expect(json).toContain('[redacted]');
    expect(`${settings.anthropic?.apiKey}`).toBe('[redacted]');
  });
});

describe('buildModelCatalog', () => {
  it('lists the built-ins of configured providers only, then custom models', () => {
    const settings = parseSettings({
      MISTRAL_API_KEY: 'm',
      ANTHROPIC_API_KEY: 'a',
      CUSTOM_MODEL_PROVIDERS: JSON.stringify([ollamaProvider]),
    });
    const catalog = buildModelCatalog(settings);
    expect([...new Set(catalog.map((model) => model.providerId))]).toEqual(['anthropic', 'mistral', 'ollama']);
    expect(catalog.filter((model) => model.providerId === 'mistral')).toEqual(BUILT_IN_MODELS.mistral);
  });

  it('has a coherent built-in catalog', () => {
    const all = Object.values(BUILT_IN_MODELS).flat();
    expect(new Set(all.map((model) => `${model.providerId}/${model.modelId}`)).size).toBe(all.length);
    for (const model of all) {
      expect(model.reasoningEfforts).toContain(model.defaultReasoningEffort);
      expect(Number.isInteger(model.creditsPerMillionInputTokens)).toBe(true);
      expect(model.creditsPerMillionOutputTokens).toBeGreaterThanOrEqual(model.creditsPerMillionInputTokens);
      expect(model.regions.length).toBeGreaterThan(0);
      expect(model.contextSize).toBeGreaterThan(0);
    }
    expect(BUILT_IN_MODELS.mistral.every((model) => model.regions.includes('europe-west1'))).toBe(true);
  });

  it('says which models take images: built-in ones unless noted, custom ones only when declared', () => {
    expect(BUILT_IN_MODELS.openai.find((model) => model.modelId === 'gpt-4.1')?.acceptsImages).toBe(true);
    expect(BUILT_IN_MODELS.mistral.find((model) => model.modelId === 'mistral-large-latest')?.acceptsImages).toBe(false);
    const settings = parseSettings({
      CUSTOM_MODEL_PROVIDERS: JSON.stringify([
        { id: 'local', baseUrl: 'http://localhost:1/v1', models: [{ modelId: 'vision', contextSize: 1000, acceptsImages: true }, { modelId: 'text', contextSize: 1000 }] },
      ]),
    });
    expect(buildModelCatalog(settings).map((model) => [model.modelId, model.acceptsImages ?? false])).toEqual([
      ['vision', true],
      ['text', false],
    ]);
  });
});
