import { parseSettings } from '../../../../../test/support/provider-settings-helpers';
import { Secret } from '../../config/provider-settings';
import { chooseEmbeddingModel } from './embedding-model.factory';

describe('chooseEmbeddingModel', () => {
  const endpoint = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text', apiKey: new Secret('k'), dimensions: 256 };

  it("prefers the operator's endpoint for every workspace", () => {
    const choice = chooseEmbeddingModel(parseSettings({ OPENAI_API_KEY: 'o' }), endpoint, 'openai');
    expect(choice).toMatchObject({ modelKey: 'endpoint:nomic-embed-text:256', dimensions: 256 });
    expect(choice.model).not.toBeNull();
  });

  it("uses the workspace's provider when it has a key and offers embeddings", () => {
    const settings = parseSettings({ OPENAI_API_KEY: 'o', MISTRAL_API_KEY: 'm' });
    expect(chooseEmbeddingModel(settings, null, 'openai')).toMatchObject({ modelKey: 'openai:text-embedding-3-small' });
    expect(chooseEmbeddingModel(settings, null, 'mistral')).toMatchObject({ modelKey: 'mistral:mistral-embed' });
  });

  it('says why there is no embedding model', () => {
    const settings = parseSettings({ ANTHROPIC_API_KEY: 'a' });
    expect(chooseEmbeddingModel(settings, null, null)).toEqual({ model: null, reason: expect.stringContaining('EMBEDDING_BASE_URL') });
    expect(chooseEmbeddingModel(settings, null, 'openai')).toEqual({ model: null, reason: 'embedding provider openai is not configured (no API key)' });
    expect(chooseEmbeddingModel(settings, null, 'anthropic')).toEqual({ model: null, reason: expect.stringContaining('offers no embedding model') });
  });
});
