import { assistant } from './support/agent-assistant-body';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * The agent editor saves skills with a version, as the real product's builder does: `skills` in
 * the `assistant` body of the create and the PATCH, each a skill the editor reads and not
 * archived (anything else a 400 that saves nothing); a PATCH without `skills` keeps the agent's.
 */

jest.setTimeout(60_000);

describe('agent configurations: skills in the assistant body', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let other: { workspaceId: string; apiKey: string };
  let notes: string;
  let tone: string;

  const v1 = (suffix: string) => `/api/v1/w/${workspaceId}${suffix}`;
  const agents = (suffix = '') => `/api/w/${workspaceId}/assistant/agent_configurations${suffix}`;
  const skillOf = async (name: string, key = admin, workspace = workspaceId) => {
    const created = await call(t.baseUrl, 'POST', `/api/v1/w/${workspace}/skills`, { key, body: { name, agentFacingDescription: `Use for ${name}.`, instructions: `Do ${name}.` } });
    expect(created.status).toBe(200);
    return created.body.skillConfiguration.sId as string;
  };
  const skillsOf = async (agentId: string): Promise<string[]> => {
    const agent = await call(t.baseUrl, 'GET', v1(`/assistant/agent_configurations/${agentId}?variant=full`), { key: admin });
    return (agent.body.agentConfiguration.skills ?? []).map((skill: { sId: string }) => skill.sId);
  };

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
    ({ workspaceId, apiKey: admin } = await t.createWorkspace('Main'));
    other = await t.createWorkspace('Other');
    notes = await skillOf('release-notes');
    tone = await skillOf('tone');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates an agent carrying skills given as {sId} objects or sIds, once each', async () => {
    const created = await call(t.baseUrl, 'POST', agents(), { key: admin, body: { assistant: assistant({ name: 'scribe', skills: [{ sId: notes }, tone, { sId: notes }] }) } });
    expect(created.status).toBe(200);
    expect(await skillsOf(created.body.agentConfiguration.sId)).toEqual([notes, tone]);
  });

  it('a PATCH saves a version with the skills it names, keeps them when it names none, drops them with []', async () => {
    const agentId = (await call(t.baseUrl, 'POST', agents(), { key: admin, body: { assistant: assistant({ name: 'editor' }) } })).body.agentConfiguration.sId;
    const withSkill = await call(t.baseUrl, 'PATCH', agents(`/${agentId}`), { key: admin, body: { assistant: assistant({ name: 'editor', skills: [{ sId: tone }] }) } });
    expect(withSkill.status).toBe(200);
    expect(withSkill.body.agentConfiguration.version).toBe(1);
    expect(await skillsOf(agentId)).toEqual([tone]);

    const kept = await call(t.baseUrl, 'PATCH', agents(`/${agentId}`), { key: admin, body: { assistant: assistant({ name: 'editor', instructions: 'Be brief.' }) } });
    expect(kept.body.agentConfiguration.version).toBe(2);
    expect(await skillsOf(agentId)).toEqual([tone]);

    const dropped = await call(t.baseUrl, 'PATCH', agents(`/${agentId}`), { key: admin, body: { assistant: assistant({ name: 'editor', skills: [] }) } });
    expect(dropped.body.agentConfiguration.version).toBe(3);
    expect(await skillsOf(agentId)).toEqual([]);
  });

  it('refuses unknown, archived and foreign skills and bad shapes with a 400 that saves nothing', async () => {
    const agentId = (await call(t.baseUrl, 'POST', agents(), { key: admin, body: { assistant: assistant({ name: 'strict', skills: [tone] }) } })).body.agentConfiguration.sId;
    const archived = await skillOf('retired');
    expect((await call(t.baseUrl, 'DELETE', v1(`/skills/${archived}`), { key: admin })).status).toBe(200);
    const foreign = await skillOf('elsewhere', other.apiKey, other.workspaceId);

    for (const skills of [[{ sId: 'skl_unknown000' }], [archived], [tone, { sId: foreign }]]) {
      const refused = await call(t.baseUrl, 'PATCH', agents(`/${agentId}`), { key: admin, body: { assistant: assistant({ name: 'strict', skills }) } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.type).toBe('invalid_request_error');
      expect(refused.body.error.message).toContain('assistant.skills');
    }
    for (const skills of [[3], [{ id: tone }], 'tone', [{ sId: '' }]]) {
      const refused = await call(t.baseUrl, 'PATCH', agents(`/${agentId}`), { key: admin, body: { assistant: assistant({ name: 'strict', skills }) } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.type).toBe('invalid_request_error');
    }
    const created = await call(t.baseUrl, 'POST', agents(), { key: admin, body: { assistant: assistant({ name: 'never-saved', skills: ['skl_unknown000'] }) } });
    expect(created.status).toBe(400);

    const agent = await call(t.baseUrl, 'GET', v1(`/assistant/agent_configurations/${agentId}`), { key: admin });
    expect(agent.body.agentConfiguration.version).toBe(0);
    expect(await skillsOf(agentId)).toEqual([tone]);
    const search = await call(t.baseUrl, 'GET', agents('/search?q=never-saved'), { key: admin });
    expect(search.body.agentConfigurations ?? []).toEqual([]);
  });
});
