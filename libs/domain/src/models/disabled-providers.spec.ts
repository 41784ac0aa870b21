import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { disabledProviders } from './disabled-providers';

const entry = (providerId: string, modelId: string, regions: string[]): ModelEntry => ({
  providerId,
  modelId,
  displayName: modelId,
  contextSize: 128_000,
  reasoningEfforts: ['none'],
  defaultReasoningEffort: 'none',
  creditsPerMillionInputTokens: 1,
  creditsPerMillionOutputTokens: 2,
  regions,
});

const catalog = [entry('openai', 'gpt-4.1', ['us-central1']), entry('openai', 'o4-mini', ['us-central1']), entry('mistral', 'mistral-large-latest', ['europe-west1'])];

describe('the providers a workspace may not use', () => {
  it('lists none when the workspace allows every provider everywhere', () => {
    expect(disabledProviders(catalog, { whiteListedProviders: null, regionalModelsOnly: false }, 'europe-west1')).toEqual([]);
  });

  it('names a provider left out of the allow-list once, with the reason', () => {
    expect(disabledProviders(catalog, { whiteListedProviders: ['mistral'], regionalModelsOnly: false }, 'europe-west1')).toEqual([
      { providerId: 'openai', reason: 'An admin of the workspace has not allowed this provider.' },
    ]);
  });

  it('names a provider with no model in the region when the workspace keeps to regional models', () => {
    expect(disabledProviders(catalog, { whiteListedProviders: null, regionalModelsOnly: true }, 'europe-west1')).toEqual([
      { providerId: 'openai', reason: 'None of its models is served in region europe-west1, and the workspace uses regional models only.' },
    ]);
  });
});
