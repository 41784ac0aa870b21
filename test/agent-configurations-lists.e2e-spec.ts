import { DustAPI } from '@dust-tt/client';
import { assistant, startConfigurationWorkspace } from './support/agent-configuration-helpers';
import { call, type TestApp } from './support/test-app';

// Reading lists of agents: order, views, visibility, favorites, the extra fields asked for, search.
// Writing agents is in agent-configurations-writes.

describe('agent configurations over HTTP', () => {
  let t: TestApp;
  let wId: string;
  let adminKey: string;
  let adaKey: string;
  let bobKey: string;
  let userKey: string;
  let anonUserKey: string;
  const base = () => `/api/w/${wId}/assistant/agent_configurations`;
  const v1 = () => `/api/v1/w/${wId}/assistant/agent_configurations`;
  const create = async (key: string, overrides: Record<string, unknown> = {}) =>
    call(t.baseUrl, 'POST', base(), { key, body: { assistant: assistant(overrides) } });

  beforeAll(async () => {
    ({ t, wId, adminKey, adaKey, bobKey, userKey, anonUserKey } = await startConfigurationWorkspace());
  });
  afterAll(() => t.close());

  describe('lists', () => {
    let hiddenId: string;
    let zebraId: string;

    beforeAll(async () => {
      zebraId = (await create(adaKey, { name: 'Zebra' })).body.agentConfiguration.sId;
      await create(adaKey, { name: 'alpha' });
      hiddenId = (await create(adaKey, { name: 'secret', scope: 'hidden' })).body.agentConfiguration.sId;
      await create(adaKey, { name: 'draft-one', status: 'draft' });
    });

    it('lists dust first, then agents by name, on both families', async () => {
      for (const path of [v1(), base()]) {
        const res = await call(t.baseUrl, 'GET', path, { key: anonUserKey });
        expect(res.status).toBe(200);
        const agents = res.body.agentConfigurations;
        expect(agents[0].sId).toBe('dust');
        const names = agents.slice(1).map((a: any) => a.name.toLowerCase());
        expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
        expect(agents.some((a: any) => a.scope === 'global' && a.sId !== 'dust')).toBe(true);
        expect(agents.map((a: any) => a.name)).toEqual(expect.arrayContaining(['alpha', 'Zebra']));
        expect(agents.map((a: any) => a.name)).not.toContain('secret');
        expect(agents.map((a: any) => a.name)).not.toContain('draft-one');
      }
    });

    it('parses with the official client', async () => {
      const client = new DustAPI({ url: t.baseUrl }, { workspaceId: wId, apiKey: anonUserKey }, console);
      const all = await client.getAgentConfigurations({});
      expect(all.isOk()).toBe(true);
      if (all.isOk()) expect(all.value.map((a) => a.sId)).toContain(zebraId);
      const withAuthors = await client.getAgentConfigurations({ view: 'published', includes: ['authors'] });
      expect(withAuthors.isOk()).toBe(true);
      if (withAuthors.isOk()) {
        expect(withAuthors.value.every((a) => a.scope === 'visible')).toBe(true);
        expect(withAuthors.value.find((a) => a.sId === zebraId)?.lastAuthors).toEqual(['ada']);
      }
    });

    it('shows a hidden agent to its editor and admins only', async () => {
      const names = async (key: string) => (await call(t.baseUrl, 'GET', v1(), { key })).body.agentConfigurations.map((a: any) => a.name);
      expect(await names(adaKey)).toContain('secret');
      expect(await names(bobKey)).not.toContain('secret');
      expect((await call(t.baseUrl, 'GET', `${v1()}/${hiddenId}`, { key: userKey })).status).toBe(403);
      expect((await call(t.baseUrl, 'GET', `${v1()}/${hiddenId}`, { key: adminKey })).status).toBe(200);
      const internal = await call(t.baseUrl, 'GET', `${v1()}?view=admin_internal`, { key: adminKey });
      expect(internal.body.agentConfigurations.map((a: any) => a.name)).toEqual(expect.arrayContaining(['secret', 'draft-one']));
    });

    it('checks views: global, unknown, and list/favorites without a member', async () => {
      const global = await call(t.baseUrl, 'GET', `${v1()}?view=global`, { key: anonUserKey });
      expect(global.body.agentConfigurations.every((a: any) => a.scope === 'global')).toBe(true);
      expect((await call(t.baseUrl, 'GET', `${v1()}?view=everything`, { key: adminKey })).status).toBe(400);
      for (const view of ['list', 'favorites']) {
        const res = await call(t.baseUrl, 'GET', `${v1()}?view=${view}`, { key: adminKey });
        expect(res.status).toBe(401);
        expect(res.body.error.type).toBe('invalid_request_error');
      }
      expect((await call(t.baseUrl, 'GET', `${v1()}?view=list`, { key: userKey })).status).toBe(200);
      expect((await call(t.baseUrl, 'GET', `${v1()}?withAuthors=maybe`, { key: userKey })).status).toBe(400);
    });

    it('keeps favorites per member, global agents included', async () => {
      for (const id of ['dust', zebraId]) {
        const res = await call(t.baseUrl, 'PATCH', `${base()}/${id}`, { key: userKey, body: { userFavorite: true } });
        expect(res.status).toBe(200);
        expect(res.body.agentConfiguration.userFavorite).toBe(true);
      }
      const favorites = await call(t.baseUrl, 'GET', `${v1()}?view=favorites`, { key: userKey });
      expect(favorites.body.agentConfigurations.map((a: any) => a.sId)).toEqual(['dust', zebraId]);
      const others = await call(t.baseUrl, 'GET', `${v1()}?view=favorites`, { key: bobKey });
      expect(others.body.agentConfigurations).toEqual([]);
      const noUser = await call(t.baseUrl, 'PATCH', `${base()}/dust`, { key: adminKey, body: { userFavorite: true } });
      expect(noUser.status).toBe(401);
    });

    it('refuses to edit or archive a global agent', async () => {
      const patch = await call(t.baseUrl, 'PATCH', `${base()}/dust`, { key: adminKey, body: { assistant: assistant({ name: 'mine' }) } });
      expect(patch.status).toBe(403);
      expect((await call(t.baseUrl, 'DELETE', `${base()}/dust`, { key: adminKey })).status).toBe(403);
    });

    it('adds usage, feedbacks, editors and authors on request', async () => {
      // One member asks zebra once (no runner: the answer stays pending) and gives the answer a thumb up.
      const asked = await call(t.baseUrl, 'POST', `/api/v1/w/${wId}/assistant/conversations`, {
        key: userKey,
        body: { title: 'Zebra', message: { content: 'Hi zebra', mentions: [{ configurationId: zebraId }], context: { username: 'carl', timezone: 'UTC' } } },
      });
      expect(asked.status).toBe(200);
      const answer = asked.body.conversation.content.flat().find((m: any) => m.type === 'agent_message');
      const feedback = await call(t.baseUrl, 'POST', `/api/v1/w/${wId}/assistant/conversations/${asked.body.conversation.sId}/messages/${answer.sId}/feedbacks`, {
        key: userKey,
        body: { thumbDirection: 'up', feedbackContent: null },
      });
      expect(feedback.status).toBe(200);

      const res = await call(t.baseUrl, 'GET', `${v1()}?withUsage=true&withFeedbacks=true&withEditors=true&withAuthors=true`, { key: userKey });
      expect(res.status).toBe(200);
      const listed = res.body.agentConfigurations.find((a: any) => a.sId === zebraId);
      expect(listed.usage).toEqual({ messageCount: 1, conversationCount: 1, userCount: 1, timePeriodSec: 2592000 });
      expect(listed.feedbacks).toEqual({ up: 1, down: 0 });
      expect(listed.editors).toEqual([{ sId: expect.any(String), fullName: 'ada', image: null }]);
      expect(listed.lastAuthors).toEqual(['ada']);
      const dust = res.body.agentConfigurations.find((a: any) => a.sId === 'dust');
      expect(dust.usage.messageCount).toBe(0);
    });

    it("answers an agent's use per day over the days asked for, and refuses a bad window with 400", async () => {
      const res = await call(t.baseUrl, 'GET', `${base()}/${zebraId}/daily_usage?days=7`, { key: userKey });
      expect(res.status).toBe(200);
      expect(res.body.days).toHaveLength(7);
      const today = new Date().toISOString().slice(0, 10);
      expect(res.body.days.at(-1)).toEqual({ date: today, messageCount: 1, conversationCount: 1, userCount: 1 });
      expect(res.body.days.slice(0, 6).every((day: any) => day.messageCount === 0)).toBe(true);
      expect((await call(t.baseUrl, 'GET', `${base()}/${zebraId}/daily_usage`, { key: userKey })).body.days).toHaveLength(30);
      for (const days of ['0', '91', 'x', '1.5']) {
        const bad = await call(t.baseUrl, 'GET', `${base()}/${zebraId}/daily_usage?days=${days}`, { key: userKey });
        expect(bad.status).toBe(400);
        expect(bad.body.error.type).toBe('invalid_request_error');
      }
      expect((await call(t.baseUrl, 'GET', `${base()}/NoSuchAg3n/daily_usage`, { key: userKey })).status).toBe(404);
    });

    it('searches by name', async () => {
      const res = await call(t.baseUrl, 'GET', `${v1()}/search?q=zEb`, { key: userKey });
      expect(res.status).toBe(200);
      expect(res.body.agentConfigurations.map((a: any) => a.sId)).toEqual([zebraId]);
    });
  });
});
