import { AgentApi, allEvents, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { assistant } from './support/agent-assistant-body';
import { memberId } from './support/members';
import { importSkills, skillMd, zipOf } from './support/skill-uploads';
import { createSpace } from './support/spaces';
import { call } from './support/test-app';
import { useFakeOpenAI } from './support/use-fake-openai';

/**
 * Skills end to end: a skill imported from a SKILL.md with a file beside it, restricted to a space,
 * carried by an agent that enables it during a run (the fake model calls `enable_skill`, and the
 * next model request holds the skill's instructions); its file is readable by the members who read
 * the skill and answers everyone else like an unknown file.
 */

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();
const INSTRUCTIONS = 'Write release notes grouped by area, newest first, one line per change.';
const TEMPLATE = '# Release notes template\n\n## Area\n- change';

describe('skills: imported, enabled by an agent during a run, files readable by their readers only', () => {
  let api: AgentApi;
  let annKey: string;
  let bobKey: string;
  let spaceId: string;
  let skillId: string;
  let fileId: string;
  let agentId: string;
  let conversationId: string;

  const w = (suffix: string) => `/api/w/${api.workspaceId}${suffix}`;
  const v1 = (suffix: string) => `/api/v1/w/${api.workspaceId}${suffix}`;

  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server));
    annKey = await api.t.createKey(api.workspaceId, 'user', 'ann.lee@example.com');
    bobKey = await api.t.createKey(api.workspaceId, 'user', 'bob.hill@example.com');
    const ann = await memberId(api.t.baseUrl, api.workspaceId, annKey);
    await memberId(api.t.baseUrl, api.workspaceId, bobKey);
    spaceId = (await createSpace(api.t.baseUrl, api.workspaceId, api.key, { name: 'Releases', isRestricted: true, memberIds: [ann] })).sId;
  });
  afterAll(async () => {
    await api?.t.close();
  });

  it('imports a zipped SKILL.md with the file beside it as the skill and its attachment', async () => {
    const zip = await zipOf({ 'release-notes/SKILL.md': skillMd('release-notes', 'Use when asked for release notes.', INSTRUCTIONS), 'release-notes/template.md': TEMPLATE });
    const imported = await importSkills(api.t.baseUrl, api.key, api.workspaceId, { bytes: zip, name: 'skills.zip', type: 'application/zip' });
    expect(imported.status).toBe(200);
    expect([imported.body.updated, imported.body.skipped]).toEqual([[], []]);
    const [skill] = imported.body.imported;
    expect(skill.sId).toMatch(/^skl_/);
    expect(skill).toMatchObject({ name: 'release-notes', agentFacingDescription: 'Use when asked for release notes.', instructions: INSTRUCTIONS, version: 1, status: 'active' });
    expect(skill.fileAttachments).toEqual([{ fileId: expect.stringMatching(/^fil_/), fileName: 'template.md', contentType: 'text/markdown' }]);
    skillId = skill.sId;
    fileId = skill.fileAttachments[0].fileId;
  });

  it('restricts the skill to a space: a new version, read by the space members only', async () => {
    const patched = await call(api.t.baseUrl, 'PATCH', v1(`/skills/${skillId}`), { key: api.key, body: { requestedSpaceIds: [spaceId] } });
    expect(patched.status).toBe(200);
    expect(patched.body.skillConfiguration).toMatchObject({ version: 2, requestedSpaceIds: [spaceId] });
    expect((await call(api.t.baseUrl, 'GET', v1(`/skills/${skillId}`), { key: annKey })).status).toBe(200);
    const hidden = await call(api.t.baseUrl, 'GET', v1(`/skills/${skillId}`), { key: bobKey });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.type).toBe('skill_not_found');
    const bobList = await call(api.t.baseUrl, 'GET', v1('/skills'), { key: bobKey });
    expect(bobList.body.skillConfigurations).toEqual([]);
  });

  it('an agent carries the skill (a new version of the agent), and keeps it when saved again', async () => {
    const created = await call(api.t.baseUrl, 'POST', w('/assistant/agent_configurations'), { key: api.key, body: { assistant: assistant({ name: 'scribe' }) } });
    expect(created.status).toBe(200);
    agentId = created.body.agentConfiguration.sId;
    const set = await call(api.t.baseUrl, 'POST', v1(`/assistant/agent_configurations/${agentId}/skills`), { key: api.key, body: { skillIds: [skillId] } });
    expect(set.status).toBe(200);
    expect(set.body.skills.map((skill: any) => skill.sId)).toEqual([skillId]);
    const agent = await call(api.t.baseUrl, 'GET', v1(`/assistant/agent_configurations/${agentId}?variant=full`), { key: api.key });
    expect(agent.body.agentConfiguration).toMatchObject({ version: 1, skills: [{ sId: skillId }] });
    const resaved = await call(api.t.baseUrl, 'PATCH', w(`/assistant/agent_configurations/${agentId}`), { key: api.key, body: { assistant: assistant({ name: 'scribe', instructions: 'Be brief.' }) } });
    expect(resaved.body.agentConfiguration).toMatchObject({ version: 2, skills: [{ sId: skillId }] });
    const listed = await call(api.t.baseUrl, 'GET', w(`/assistant/agent_configurations/${agentId}/skills`), { key: annKey });
    expect(listed.body.skills.map((skill: any) => skill.sId)).toEqual([skillId]);
    expect((await call(api.t.baseUrl, 'GET', w(`/assistant/agent_configurations/${agentId}/skills`), { key: bobKey })).body.skills).toEqual([]);
  });

  it('the agent enables the skill during a run: the next model request holds its instructions, and the conversation records it', async () => {
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'enable_skill', args: { skillName: 'release-notes' } }] }, textScenario(['Here are the notes.']));
    const before = runRequests(openAI.server).length;
    const ann = new AgentApi(api.t, api.workspaceId, annKey);
    const started = await ann.createConversation('Write the release notes for 1.2.', { agent: agentId });
    conversationId = started.conversationId;
    const message = await ann.settled(conversationId, started.agentMessageId);
    expect(message.status).toBe('succeeded');
    const [first, second] = runRequests(openAI.server).slice(before);
    expect(sentText(first.body)).toContain('Available skills');
    expect(sentText(first.body)).toContain('enable_skill');
    expect(sentText(first.body)).not.toContain(INSTRUCTIONS);
    expect(sentText(second.body)).toContain(INSTRUCTIONS);
    expect(sentText(second.body)).toContain('template.md');
    const enabled = (await allEvents(api)).filter((event) => event.type === 'ConversationSkillEnabled');
    expect(enabled.map((event) => event.data)).toEqual([
      expect.objectContaining({ conversationId, skillId, enabledBy: 'agent', agentMessageId: started.agentMessageId }),
    ]);
    const listed = await call(api.t.baseUrl, 'GET', v1(`/assistant/conversations/${conversationId}/skills`), { key: annKey });
    expect(listed.body.skillIds).toEqual([skillId]);
  });

  it('later runs of the conversation carry the enabled skill in their system prompt', async () => {
    openAI.server.enqueue(textScenario(['Again.']));
    const before = runRequests(openAI.server).length;
    const ann = new AgentApi(api.t, api.workspaceId, annKey);
    const next = await ann.postMessage(conversationId, 'And for 1.3?', agentId);
    expect((await ann.settled(conversationId, next.agentMessageId)).status).toBe('succeeded');
    const [request] = runRequests(openAI.server).slice(before);
    expect(sentText(request.body)).toContain('Enabled skills');
    expect(sentText(request.body)).toContain(INSTRUCTIONS);
  });

  it('serves the skill file to its readers only; anyone else gets the 404 of an unknown file', async () => {
    for (const path of [w(`/files/${fileId}?action=view`), v1(`/files/${fileId}?action=view`)]) {
      const read = await fetch(`${api.t.baseUrl}${path}`, { headers: { authorization: `Bearer ${annKey}` } });
      expect(read.status).toBe(200);
      expect(await read.text()).toBe(TEMPLATE);
      const admin = await fetch(`${api.t.baseUrl}${path}`, { headers: { authorization: `Bearer ${api.key}` } });
      expect(admin.status).toBe(200);
    }
    const unknown = await call(api.t.baseUrl, 'GET', w('/files/fil_doesnotexist1?action=view'), { key: bobKey });
    for (const path of [w(`/files/${fileId}?action=view`), v1(`/files/${fileId}`), v1(`/files/${fileId}?action=download`)]) {
      const refused = await call(api.t.baseUrl, 'GET', path, { key: bobKey });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(unknown.body);
    }
  });

  it('leaves the files of a skill to admins: a builder who reads it cannot delete one, and a member without access finds none', async () => {
    const builder = await api.t.createKey(api.workspaceId, 'builder', 'bo.builder@example.com');
    const refused = await call(api.t.baseUrl, 'DELETE', v1(`/files/${fileId}`), { key: builder });
    expect([refused.status, refused.body.error.type]).toEqual([404, 'file_not_found']);
    const asEditor = await call(api.t.baseUrl, 'PATCH', v1(`/skills/${skillId}`), { key: api.key, body: { requestedSpaceIds: [] } });
    expect(asEditor.status).toBe(200);
    const forbidden = await call(api.t.baseUrl, 'DELETE', v1(`/files/${fileId}`), { key: builder });
    expect([forbidden.status, forbidden.body.error.type]).toEqual([403, 'workspace_auth_error']);
    expect((await call(api.t.baseUrl, 'PATCH', v1(`/skills/${skillId}`), { key: api.key, body: { requestedSpaceIds: [spaceId] } })).status).toBe(200);
    expect((await call(api.t.baseUrl, 'DELETE', v1(`/files/${fileId}`), { key: bobKey })).status).toBe(404);
  });

  it('a member who loses access to the space loses the file too', async () => {
    const removed = await call(api.t.baseUrl, 'PATCH', w(`/spaces/${spaceId}/members`), { key: api.key, body: { isRestricted: true, memberIds: [] } });
    expect(removed.status).toBe(200);
    expect((await call(api.t.baseUrl, 'GET', w(`/files/${fileId}?action=view`), { key: annKey })).status).toBe(404);
  });

  it('a member enables a skill in a conversation through the conversation route', async () => {
    const created = await call(api.t.baseUrl, 'POST', v1('/skills'), { key: api.key, body: { name: 'tone', agentFacingDescription: 'Tone.', instructions: 'Answer in a friendly tone.' } });
    expect(created.status).toBe(200);
    const ann = new AgentApi(api.t, api.workspaceId, annKey);
    openAI.server.enqueue(textScenario(['Hi.']));
    const started = await ann.createConversation('Hello', { agent: agentId });
    await ann.settled(started.conversationId, started.agentMessageId);
    const enable = await call(api.t.baseUrl, 'POST', v1(`/assistant/conversations/${started.conversationId}/skills`), {
      key: annKey,
      body: { action: 'enable', skillId: created.body.skillConfiguration.sId },
    });
    expect(enable.status).toBe(200);
    expect(enable.body.skillIds).toEqual([created.body.skillConfiguration.sId]);
    openAI.server.enqueue(textScenario(['Hello friend.']));
    const before = runRequests(openAI.server).length;
    const next = await ann.postMessage(started.conversationId, 'Again', agentId);
    await ann.settled(started.conversationId, next.agentMessageId);
    expect(sentText(runRequests(openAI.server)[before].body)).toContain('Answer in a friendly tone.');
    const unknown = await call(api.t.baseUrl, 'POST', v1(`/assistant/conversations/${started.conversationId}/skills`), { key: annKey, body: { action: 'enable', skillId: 'skl_nope' } });
    expect(unknown.status).toBe(404);
  });
});
