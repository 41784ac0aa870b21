import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { isModelAuthorized, validateModelSelection, type WorkspaceModelPolicy } from './model-selection.policy';

const entry = (overrides: Partial<ModelEntry> & Pick<ModelEntry, 'providerId' | 'modelId'>): ModelEntry => ({
  displayName: overrides.modelId,
  contextSize: 128_000,
  reasoningEfforts: ['none'],
  defaultReasoningEffort: 'none',
  creditsPerMillionInputTokens: 1_000_000,
  creditsPerMillionOutputTokens: 2_000_000,
  regions: ['us-central1', 'europe-west1'],
  ...overrides,
});

const catalog: readonly ModelEntry[] = [
  entry({ providerId: 'openai', modelId: 'gpt-4.1' }),
  entry({
    providerId: 'openai',
    modelId: 'o4-mini',
    reasoningEfforts: ['light', 'medium', 'high'],
    defaultReasoningEffort: 'medium',
    regions: ['us-central1'],
  }),
  entry({ providerId: 'mistral', modelId: 'mistral-large-latest' }),
];

const open: WorkspaceModelPolicy = { whiteListedProviders: null, regionalModelsOnly: false };
const REGION = 'europe-west1';

describe('validateModelSelection', () => {
  it('accepts a catalog model and defaults the effort to the model default', () => {
    const result = validateModelSelection({ providerId: 'openai', modelId: 'o4-mini' }, catalog, open, REGION);
    expect(result).toEqual({ ok: true, model: catalog[1], reasoningEffort: 'medium' });
  });

  it('accepts a supported reasoning effort, and null as "not set"', () => {
    const withEffort = validateModelSelection(
      { providerId: 'openai', modelId: 'o4-mini', reasoningEffort: 'high' },
      catalog,
      open,
      REGION,
    );
    expect(withEffort).toMatchObject({ ok: true, reasoningEffort: 'high' });
    const withNull = validateModelSelection(
      { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: null },
      catalog,
      open,
      REGION,
    );
    expect(withNull).toMatchObject({ ok: true, reasoningEffort: 'none' });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'openai/gpt-4.1'],
    ['an array', [{ providerId: 'openai', modelId: 'gpt-4.1' }]],
    ['a number', 42],
    ['an object without providerId', { modelId: 'gpt-4.1' }],
    ['an object without modelId', { providerId: 'openai' }],
    ['a numeric providerId', { providerId: 7, modelId: 'gpt-4.1' }],
    ['an object modelId', { providerId: 'openai', modelId: { id: 'gpt-4.1' } }],
    ['an empty modelId', { providerId: 'openai', modelId: '' }],
    ['an unknown extra field', { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.2 }],
    ['an unknown reasoning effort', { providerId: 'openai', modelId: 'o4-mini', reasoningEffort: 'extreme' }],
    ['a non-string reasoning effort', { providerId: 'openai', modelId: 'o4-mini', reasoningEffort: 3 }],
  ])('rejects %s as invalid_request_error', (_label, raw) => {
    const result = validateModelSelection(raw, catalog, open, REGION);
    expect(result).toMatchObject({ ok: false, type: 'invalid_request_error' });
  });

  it('rejects an unknown reasoning effort before looking the model up', () => {
    const result = validateModelSelection(
      { providerId: 'nope', modelId: 'nope', reasoningEffort: 'max' },
      catalog,
      open,
      REGION,
    );
    expect(result).toMatchObject({ ok: false, type: 'invalid_request_error' });
  });

  it('rejects an effort the model does not support as invalid_request_error', () => {
    const result = validateModelSelection(
      { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'high' },
      catalog,
      open,
      REGION,
    );
    expect(result).toMatchObject({ ok: false, type: 'invalid_request_error' });
    if (!result.ok) expect(result.message).toContain('none');
  });

  it('rejects a pair that is not enabled on this deployment as model_disabled, with no fallback', () => {
    for (const raw of [
      { providerId: 'openai', modelId: 'gpt-99' },
      { providerId: 'anthropic', modelId: 'claude-sonnet-4-5' },
      { providerId: 'mistral', modelId: 'gpt-4.1' },
    ]) {
      const result = validateModelSelection(raw, catalog, open, REGION);
      expect(result).toMatchObject({ ok: false, type: 'model_disabled' });
      if (!result.ok) expect(result.message).toContain(`${raw.providerId}/${raw.modelId}`);
    }
  });

  it('rejects a provider missing from a non-null whitelist as model_disabled', () => {
    const workspace: WorkspaceModelPolicy = { whiteListedProviders: ['mistral'], regionalModelsOnly: false };
    const openai = validateModelSelection({ providerId: 'openai', modelId: 'gpt-4.1' }, catalog, workspace, REGION);
    expect(openai).toMatchObject({ ok: false, type: 'model_disabled' });
    const mistral = validateModelSelection(
      { providerId: 'mistral', modelId: 'mistral-large-latest' },
      catalog,
      workspace,
      REGION,
    );
    expect(mistral).toMatchObject({ ok: true });
  });

  it('treats an empty whitelist as "no provider allowed"', () => {
    const workspace: WorkspaceModelPolicy = { whiteListedProviders: [], regionalModelsOnly: false };
    const result = validateModelSelection({ providerId: 'openai', modelId: 'gpt-4.1' }, catalog, workspace, REGION);
    expect(result).toMatchObject({ ok: false, type: 'model_disabled' });
  });

  it('rejects a model outside the region only when the workspace uses regional models only', () => {
    const regional: WorkspaceModelPolicy = { whiteListedProviders: null, regionalModelsOnly: true };
    const raw = { providerId: 'openai', modelId: 'o4-mini' };
    expect(validateModelSelection(raw, catalog, regional, 'europe-west1')).toMatchObject({
      ok: false,
      type: 'model_disabled',
    });
    expect(validateModelSelection(raw, catalog, regional, 'us-central1')).toMatchObject({ ok: true });
    expect(validateModelSelection(raw, catalog, open, 'europe-west1')).toMatchObject({ ok: true });
  });

  it('reports model_disabled before an unsupported effort for a disallowed model', () => {
    const workspace: WorkspaceModelPolicy = { whiteListedProviders: ['mistral'], regionalModelsOnly: false };
    const result = validateModelSelection(
      { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'high' },
      catalog,
      workspace,
      REGION,
    );
    expect(result).toMatchObject({ ok: false, type: 'model_disabled' });
  });
});

describe('isModelAuthorized', () => {
  const o4 = catalog[1];

  it('allows everything under an open policy', () => {
    expect(isModelAuthorized(o4, open, 'europe-west1')).toBe(true);
  });

  it('applies the whitelist and the regional restriction', () => {
    expect(isModelAuthorized(o4, { whiteListedProviders: ['openai'], regionalModelsOnly: false }, REGION)).toBe(true);
    expect(isModelAuthorized(o4, { whiteListedProviders: ['anthropic'], regionalModelsOnly: false }, REGION)).toBe(false);
    expect(isModelAuthorized(o4, { whiteListedProviders: null, regionalModelsOnly: true }, 'europe-west1')).toBe(false);
    expect(isModelAuthorized(o4, { whiteListedProviders: null, regionalModelsOnly: true }, 'us-central1')).toBe(true);
  });
});
