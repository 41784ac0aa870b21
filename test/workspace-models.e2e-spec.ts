import { call, startTestApp, type TestApp } from './support/test-app';

// The models a message may choose: the deployment's catalog (its configured providers), less what
// the workspace's allow-list and regional setting forbid, so a picker offers only choices the
// message route accepts.

describe('the models a workspace allows', () => {
  let t: TestApp;
  let wId: string;
  let adminKey: string;
  let userKey: string;
  const models = async () => call(t.baseUrl, 'GET', `/api/w/${wId}/models`, { key: userKey });
  const settings = (body: object) => call(t.baseUrl, 'POST', `/api/w/${wId}`, { key: adminKey, body });

  beforeAll(async () => {
    t = await startTestApp({ OPENAI_API_KEY: 'sk-test', MISTRAL_API_KEY: 'mistral-test', REGION: 'europe-west1' });
    ({ workspaceId: wId, apiKey: adminKey } = await t.createWorkspace());
    userKey = await t.createKey(wId, 'user');
  });
  afterAll(() => t.close());

  it("lists every model of the deployment's configured providers to any member", async () => {
    const res = await models();
    expect(res.status).toBe(200);
    const ids = res.body.models.map((model: { providerId: string; modelId: string }) => `${model.providerId}/${model.modelId}`);
    expect(ids).toEqual(expect.arrayContaining(['openai/gpt-4.1', 'openai/gpt-5', 'mistral/mistral-large-latest']));
    expect(ids.some((id: string) => id.startsWith('anthropic/'))).toBe(false);
    expect(res.body.models.find((model: { modelId: string }) => model.modelId === 'gpt-5')).toEqual({
      providerId: 'openai',
      modelId: 'gpt-5',
      displayName: 'GPT-5',
      contextSize: 400_000,
      reasoningEfforts: expect.arrayContaining(['medium']),
      defaultReasoningEffort: 'medium',
      acceptsImages: expect.any(Boolean),
    });
  });

  it('leaves out the providers the allow-list leaves out, and the models outside the region when the workspace keeps to it', async () => {
    expect((await settings({ whiteListedProviders: ['openai', 'anthropic'], defaultEmbeddingProvider: null })).status).toBe(200);
    expect(new Set((await models()).body.models.map((model: { providerId: string }) => model.providerId))).toEqual(new Set(['openai']));
    // A picker shows what it leaves out, and why: only providers the deployment configures.
    expect((await models()).body.disabledProviders).toEqual([{ providerId: 'mistral', reason: 'An admin of the workspace has not allowed this provider.' }]);
    expect((await settings({ whiteListedProviders: null })).status).toBe(200);
    expect((await models()).body.disabledProviders).toEqual([]);

    // The deployment runs in Europe, where only the Mistral models are served.
    expect((await settings({ regionalModelsOnly: true })).status).toBe(200);
    expect(new Set((await models()).body.models.map((model: { providerId: string }) => model.providerId))).toEqual(new Set(['mistral']));
    expect((await models()).body.disabledProviders).toEqual([
      { providerId: 'openai', reason: 'None of its models is served in region europe-west1, and the workspace uses regional models only.' },
    ]);
    expect((await settings({ regionalModelsOnly: false })).status).toBe(200);
  });

  it('offers only choices the message route accepts, and refuses a model left out', async () => {
    expect((await settings({ whiteListedProviders: ['mistral'], defaultEmbeddingProvider: null })).status).toBe(200);
    const [listed] = (await models()).body.models;
    const post = (modelSelection: object) =>
      call(t.baseUrl, 'POST', `/api/w/${wId}/assistant/conversations`, {
        key: userKey,
        body: { title: 'models', message: { content: 'hi', mentions: [], context: { username: 'ada', timezone: 'UTC' }, modelSelection } },
      });
    expect((await post({ providerId: listed.providerId, modelId: listed.modelId })).status).toBe(200);
    const refused = await post({ providerId: 'openai', modelId: 'gpt-4.1' });
    expect({ status: refused.status, type: refused.body.error?.type }).toEqual({ status: 400, type: 'model_disabled' });
    expect((await settings({ whiteListedProviders: null })).status).toBe(200);
  });

  it('is refused to a key of another workspace, as every workspace route is', async () => {
    const other = await t.createWorkspace('Elsewhere');
    const res = await call(t.baseUrl, 'GET', `/api/w/${wId}/models`, { key: other.apiKey });
    expect({ status: res.status, type: res.body.error?.type }).toEqual({ status: 401, type: 'workspace_auth_error' });
  });
});
