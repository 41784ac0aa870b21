import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { describe, expect, it } from '@jest/globals';
import { AGENTS_MODEL, byProvider, choiceOf, offersChoice, providerName, selectionOf } from './model-choice';

function model(providerId: string, modelId: string): WorkspaceModelResponse {
  return { providerId, modelId, displayName: modelId, contextSize: 128_000, reasoningEfforts: ['none'], defaultReasoningEffort: 'none', acceptsImages: false };
}

const MODELS = [model('openai', 'gpt-4.1'), model('mistral', 'mistral-large-latest'), model('openai', 'gpt-5')];

describe("the composer's model choice", () => {
  it("sends no modelSelection for the agent's model, and the chosen model's pair otherwise", () => {
    expect(selectionOf(AGENTS_MODEL, MODELS)).toBeUndefined();
    expect(selectionOf(choiceOf(MODELS[2]!), MODELS)).toEqual({ providerId: 'openai', modelId: 'gpt-5' });
    // A model the workspace no longer lists is not sent: the api would refuse it.
    expect(selectionOf('anthropic/claude-sonnet-4-5', MODELS)).toBeUndefined();
  });

  it('groups the models by provider in the order listed, and names the providers people know', () => {
    expect(byProvider(MODELS).map((group) => [group.providerId, group.models.map((listed) => listed.modelId)])).toEqual([
      ['openai', ['gpt-4.1', 'gpt-5']],
      ['mistral', ['mistral-large-latest']],
    ]);
    expect([providerName('google_ai_studio'), providerName('ollama')]).toEqual(['Google', 'ollama']);
  });

  it('offers a choice only when the workspace allows more than one model', () => {
    expect([offersChoice([]), offersChoice(MODELS.slice(0, 1)), offersChoice(MODELS)]).toEqual([false, false, true]);
  });
});
