import { assistant, startConfigurationWorkspace, type ConfigurationWorkspace } from './support/agent-configuration-helpers';
import { call } from './support/test-app';

// The workspace's allow-list of model providers rules workspace agents exactly as it rules the
// global ones: an agent whose provider is left out reads `disabled_by_admin` and cannot be mentioned.

describe('the provider allow-list and workspace agents', () => {
  let ws: ConfigurationWorkspace;
  let agentId: string;
  const context = { username: 'ada', timezone: 'UTC' };
  const settings = (body: object) => call(ws.t.baseUrl, 'POST', `/api/w/${ws.wId}`, { key: ws.adminKey, body });
  const families = () => [`/api/v1/w/${ws.wId}`, `/api/w/${ws.wId}`];

  beforeAll(async () => {
    ws = await startConfigurationWorkspace();
    const created = await call(ws.t.baseUrl, 'POST', `/api/w/${ws.wId}/assistant/agent_configurations`, {
      key: ws.adaKey,
      body: { assistant: assistant({ name: 'openai-helper', model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0 } }) },
    });
    expect(created.status).toBe(200);
    agentId = created.body.agentConfiguration.sId;
    expect((await settings({ whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null })).status).toBe(200);
  });
  afterAll(() => ws.t.close());

  const statusOf = async (family: string, sId: string): Promise<{ one: string; listed: string }> => {
    const one = await call(ws.t.baseUrl, 'GET', `${family}/assistant/agent_configurations/${sId}`, { key: ws.userKey });
    const list = await call(ws.t.baseUrl, 'GET', `${family}/assistant/agent_configurations`, { key: ws.userKey });
    return { one: one.body.agentConfiguration.status, listed: list.body.agentConfigurations.find((agent: any) => agent.sId === sId).status };
  };

  const mention = async (family: string, configurationId: string) =>
    call(ws.t.baseUrl, 'POST', `${family}/assistant/conversations`, {
      key: ws.userKey,
      body: { title: 'allow-list', message: { content: 'hi', mentions: [{ configurationId }], context } },
    });

  it('reads an OpenAI workspace agent as disabled_by_admin on both families, like the global agents', async () => {
    for (const family of families()) {
      expect(await statusOf(family, agentId)).toEqual({ one: 'disabled_by_admin', listed: 'disabled_by_admin' });
      expect(await statusOf(family, 'dust')).toEqual({ one: 'disabled_by_admin', listed: 'disabled_by_admin' });
    }
  });

  it('refuses a mention of it with 400 model_disabled and writes nothing', async () => {
    const before = await call(ws.t.baseUrl, 'GET', `/api/w/${ws.wId}/assistant/conversations`, { key: ws.userKey });
    for (const family of families()) {
      for (const sId of [agentId, 'dust']) {
        const res = await mention(family, sId);
        expect({ family, sId, status: res.status, type: res.body.error?.type }).toEqual({ family, sId, status: 400, type: 'model_disabled' });
      }
    }
    const after = await call(ws.t.baseUrl, 'GET', `/api/w/${ws.wId}/assistant/conversations`, { key: ws.userKey });
    expect(after.body.conversations).toHaveLength(before.body.conversations.length);
  });

  it('accepts {"whiteListedProviders": null}: every provider again, the agent active and mentionable', async () => {
    const lifted = await settings({ whiteListedProviders: null });
    expect(lifted.status).toBe(200);
    expect(lifted.body.workspace).toMatchObject({ whiteListedProviders: null, defaultEmbeddingProvider: null });
    for (const family of families()) expect(await statusOf(family, agentId)).toEqual({ one: 'active', listed: 'active' });
    const res = await mention(`/api/v1/w/${ws.wId}`, agentId);
    expect(res.status).toBe(200);
    expect(res.body.conversation.content.flat().find((m: any) => m.type === 'agent_message').configuration).toMatchObject({ sId: agentId, status: 'active' });
  });

  it('leaves drafts and archived agents their own status', async () => {
    const draft = await call(ws.t.baseUrl, 'POST', `/api/w/${ws.wId}/assistant/agent_configurations`, {
      key: ws.adaKey,
      body: { assistant: assistant({ name: 'draft-helper', status: 'draft' }) },
    });
    expect(draft.status).toBe(200);
    expect((await settings({ whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null })).status).toBe(200);
    const reread = await call(ws.t.baseUrl, 'GET', `/api/w/${ws.wId}/assistant/agent_configurations/${draft.body.agentConfiguration.sId}`, { key: ws.adaKey });
    expect(reread.body.agentConfiguration.status).toBe('draft');
    expect((await call(ws.t.baseUrl, 'DELETE', `/api/w/${ws.wId}/assistant/agent_configurations/${agentId}`, { key: ws.adaKey })).status).toBe(200);
    const archived = await call(ws.t.baseUrl, 'GET', `/api/v1/w/${ws.wId}/assistant/agent_configurations/${agentId}?includeArchived=true`, { key: ws.adaKey });
    expect(archived.body.agentConfiguration.status).toBe('archived');
    expect((await mention(`/api/v1/w/${ws.wId}`, agentId)).status).toBe(404);
  });
});
