import { GetConversationResponseSchema } from '@dust-tt/client';
import { call, startTestApp, type TestApp } from './support/test-app';

const context = { username: 'ada', timezone: 'UTC', origin: 'api' };

describe('GET conversation paging (limit and lastValue)', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  let conversationId: string;
  const families = {
    public: (path: string) => `/api/v1/w/${workspaceId}/assistant/conversations${path}`,
    private: (path: string) => `/api/w/${workspaceId}/assistant/conversations${path}`,
  };
  const ranksOf = (conversation: { content: Array<Array<{ rank: number }>> }) => conversation.content.map((versions) => versions[0].rank);

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
    const created = await call(t.baseUrl, 'POST', families.public(''), { key, body: { title: 'Paged' } });
    conversationId = created.body.conversation.sId;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const posted = await call(t.baseUrl, 'POST', families.public(`/${conversationId}/messages`), {
        key,
        body: { content: `message ${i}`, mentions: [], context },
      });
      expect(posted.status).toBe(200);
      ids.push(posted.body.message.sId);
    }
    // A second version at rank 5: a page holds every version of its ranks.
    const edited = await call(t.baseUrl, 'POST', families.public(`/${conversationId}/messages/${ids[5]}/edit`), {
      key,
      body: { content: 'message 5, edited', mentions: [] },
    });
    expect(edited.status).toBe(200);
  });
  afterAll(() => t.close());

  describe.each(Object.entries(families))('on the %s family', (_family, path) => {
    const get = (query: string) => call(t.baseUrl, 'GET', path(`/${conversationId}${query}`), { key });

    it('answers the whole conversation without paging fields when no limit is given', async () => {
      const res = await get('');
      expect(res.status).toBe(200);
      expect(ranksOf(res.body.conversation)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(Object.keys(res.body)).toEqual(['conversation']);
      // A cursor alone does not page.
      expect(ranksOf((await get('?lastValue=3')).body.conversation)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });

    it('pages from the newest ranks back, each page in rank order, until lastValue is null', async () => {
      const first = await get('?limit=3');
      expect(first.status).toBe(200);
      expect(ranksOf(first.body.conversation)).toEqual([4, 5, 6]);
      expect(first.body).toMatchObject({ hasMore: true, lastValue: '4' });
      expect(first.body.conversation.content[1].map((m: { content: string }) => m.content)).toEqual(['message 5', 'message 5, edited']);
      const second = await get(`?limit=3&lastValue=${first.body.lastValue}`);
      expect(ranksOf(second.body.conversation)).toEqual([1, 2, 3]);
      expect(second.body).toMatchObject({ hasMore: true, lastValue: '1' });
      const last = await get(`?limit=3&lastValue=${second.body.lastValue}`);
      expect(ranksOf(last.body.conversation)).toEqual([0]);
      expect(last.body).toMatchObject({ hasMore: false, lastValue: null });

      const whole = (await get('')).body.conversation;
      const pages = [last, second, first].flatMap((page) => page.body.conversation.content);
      expect(pages).toEqual(whole.content);
      // Everything but the content is the unpaged conversation's.
      expect({ ...first.body.conversation, content: whole.content }).toEqual(whole);
    });

    it('answers one page holding everything when the limit covers the conversation, and an empty page past the start', async () => {
      expect((await get('?limit=50')).body).toMatchObject({ hasMore: false, lastValue: null });
      const empty = await get('?limit=2&lastValue=0');
      expect(empty.body).toMatchObject({ conversation: { content: [] }, hasMore: false, lastValue: null });
    });

    it('gives answers the official client parses, paged or not', async () => {
      for (const query of ['', '?limit=2', '?limit=2&lastValue=1', '?limit=2&lastValue=0']) {
        const res = await get(query);
        expect({ query, error: GetConversationResponseSchema.safeParse(res.body).error }).toEqual({ query, error: undefined });
      }
    });

    it.each([
      'limit=0',
      'limit=-1',
      'limit=1.5',
      'limit=abc',
      'limit=1001',
      'limit=2&lastValue=-1',
      'limit=2&lastValue=abc',
      'limit=2&lastValue=1e3',
      'limit=2&lastValue=9007199254740993',
    ])('refuses %s with a 400', async (query) => {
      const res = await get(`?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
    });
  });
});
