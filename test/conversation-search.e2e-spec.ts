import { createAccount, signIn, browserHeaders } from './support/people';
import { call, startTestApp, type TestApp } from './support/test-app';

// The conversation list's title search (`?search=`): every page of the caller's list is searched,
// not only the first, in any case, and the paging counts the matches.

// 505 conversations made one request at a time in beforeAll: past jest's 5 s on a busy machine.
jest.setTimeout(30_000);

describe('GET conversations ?search=', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  const list = (query: string, headers?: Record<string, string>) =>
    call(t.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/conversations?${query}`, headers ? { headers } : { key });
  const titles = (body: { conversations: { title: string | null }[] }) => body.conversations.map((conversation) => conversation.title);

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
    // Oldest first: the list answers newest first. More than one batch of the search's walk.
    const created = ['Quarterly report, first draft', 'Lunch plans', 'Élan and the ÉTÉ rota', ...Array.from({ length: 500 }, (_, i) => `Filler ${i}`), 'QUARTERLY REPORT final', 'Untitled'];
    for (const title of created) {
      const answer = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, { key, body: { title: title === 'Untitled' ? null : title } });
      expect(answer.status).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('finds titles in any case on every page, newest first, and pages the matches', async () => {
    const found = await list('search=quarterly%20report');
    expect(found.status).toBe(200);
    expect(titles(found.body)).toEqual(['QUARTERLY REPORT final', 'Quarterly report, first draft']);
    expect(found.body).toMatchObject({ hasMore: false, offset: 0 });
    const first = await list('search=quarterly&limit=1');
    expect(titles(first.body)).toEqual(['QUARTERLY REPORT final']);
    expect(first.body.hasMore).toBe(true);
    const second = await list('search=quarterly&limit=1&offset=1');
    expect(titles(second.body)).toEqual(['Quarterly report, first draft']);
    expect(second.body.hasMore).toBe(false);
    expect(titles((await list('search=%C3%A9t%C3%A9')).body)).toEqual(['Élan and the ÉTÉ rota']);
    expect((await list('search=nothing%20like%20it')).body.conversations).toEqual([]);
    // Without a search the first page holds none of the old ones.
    expect(titles((await list('limit=30')).body)).not.toContain('Lunch plans');
  });

  it('refuses an empty or overlong search in the error envelope', async () => {
    for (const query of ['search=', `search=${'a'.repeat(201)}`, 'search=a&search=b']) {
      const refused = await list(query);
      expect({ query, status: refused.status, type: refused.body.error?.type }).toEqual({ query, status: 400, type: 'invalid_request_error' });
    }
  });

  it("searches only the caller's own conversations when signed in", async () => {
    const account = await createAccount(t.dataDir, workspaceId, 'searcher@example.com', { password: 'a long enough password' });
    const session = await signIn(t.baseUrl, account.email, account.password);
    const headers = browserHeaders(session);
    const mine = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations`, {
      headers,
      body: { title: 'My quarterly notes', message: { content: 'Notes for the quarter', mentions: [], context: { username: 'searcher', timezone: 'UTC' } } },
    });
    expect(mine.status).toBe(200);
    expect(titles((await list('search=quarterly', headers)).body)).toEqual(['My quarterly notes']);
  });
});
