import { call, startTestApp, type TestApp } from './support/test-app';

// Inline content fragments: their `textUrl` serves the text as posted, to members of the
// workspace only, and file fragments carry the (null) node keys every fragment has on the wire.

describe('content fragment text', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  const v1 = () => `/api/v1/w/${workspaceId}/assistant/conversations`;

  /** The path of a `textUrl` (the base URL is the deployment's public one, not the test's address). */
  const pathOf = (textUrl: string): string => new URL(textUrl).pathname;

  async function postFragments(fragments: object[]): Promise<{ cId: string; fragments: any[] }> {
    const res = await call(t.baseUrl, 'POST', v1(), { key, body: { title: 'fragments', contentFragments: fragments } });
    expect(res.status).toBe(200);
    return { cId: res.body.conversation.sId, fragments: res.body.contentFragments };
  }

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', PUBLIC_URL: 'https://conversations.example.test' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
  });
  afterAll(() => t.close());

  it('serves the raw text of an inline fragment at its textUrl, as UTF-8 of its content type', async () => {
    const text = 'Notes: café, 日本語, 😀\n[brackets] {and} "quotes"';
    const { fragments } = await postFragments([
      { title: 'notes.md', content: text, contentType: 'text/markdown' },
      { title: 'data.json', content: '{"a": 1}', contentType: 'application/json; charset=latin1' },
      { title: 'odd', content: 'plain', contentType: 'not a type' },
    ]);
    expect(fragments[0].textUrl).toMatch(/^https:\/\/conversations\.example\.test\/api\/w\/.+\/raw_content_fragment$/);
    const served = await Promise.all(
      fragments.map(async (fragment) => {
        const res = await fetch(`${t.baseUrl}${pathOf(fragment.textUrl)}`, { headers: { authorization: `Bearer ${key}` } });
        return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
      }),
    );
    expect(served).toEqual([
      { status: 200, type: 'text/markdown; charset=utf-8', body: text },
      { status: 200, type: 'application/json; charset=utf-8', body: '{"a": 1}' },
      { status: 200, type: 'text/plain; charset=utf-8', body: 'plain' },
    ]);
  });

  it('never lets a fragment declared as HTML run as a page of this origin', async () => {
    const { fragments } = await postFragments([{ title: 'page.html', content: '<script>alert(1)</script>', contentType: 'text/html' }]);
    const res = await fetch(`${t.baseUrl}${pathOf(fragments[0].textUrl)}`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 401 without a key, and 404 in the envelope for another workspace, other messages and deleted conversations', async () => {
    const { cId, fragments } = await postFragments([{ title: 'secret.txt', content: 'secret', contentType: 'text/plain' }]);
    const path = pathOf(fragments[0].textUrl);
    expect((await call(t.baseUrl, 'GET', path)).status).toBe(401);

    const other = await t.createWorkspace('Other');
    const foreign = await call(t.baseUrl, 'GET', path, { key: other.apiKey });
    expect(foreign.status).toBe(401);
    const ownPathOtherConversation = path.replace(`/w/${workspaceId}/`, `/w/${other.workspaceId}/`);
    const crossed = await call(t.baseUrl, 'GET', ownPathOtherConversation, { key: other.apiKey });
    expect({ status: crossed.status, body: crossed.body }).toEqual({ status: 404, body: { error: { type: 'conversation_not_found', message: expect.any(String) } } });

    const withMessage = await call(t.baseUrl, 'POST', v1(), {
      key,
      body: { message: { content: 'hi', mentions: [], context: { username: 'ada', timezone: 'UTC' } } },
    });
    const userMessage = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/conversations/${withMessage.body.conversation.sId}/messages/${withMessage.body.message.sId}/raw_content_fragment`, { key });
    expect(userMessage.status).toBe(404);
    expect(userMessage.body.error.type).toBe('message_not_found');

    for (const messageId of ['__proto__', 'toString', 'nope']) {
      const missing = await call(t.baseUrl, 'GET', path.replace(fragments[0].sId, messageId), { key });
      expect({ messageId, status: missing.status, type: missing.body.error?.type }).toEqual({ messageId, status: 404, type: 'message_not_found' });
    }

    expect((await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}/assistant/conversations/${cId}`, { key })).status).toBe(200);
    const deleted = await call(t.baseUrl, 'GET', path, { key });
    expect(deleted.status).toBe(404);
    expect(deleted.body.error.type).toBe('conversation_not_found');
  });

  it('gives file fragments null nodeId and nodeDataSourceViewId on both families', async () => {
    const { cId, fragments } = await postFragments([{ title: 'n.txt', content: 'x', contentType: 'text/plain' }]);
    expect(fragments[0]).toMatchObject({ contentFragmentType: 'file', nodeId: null, nodeDataSourceViewId: null });
    for (const base of [v1(), `/api/w/${workspaceId}/assistant/conversations`]) {
      const res = await call(t.baseUrl, 'GET', `${base}/${cId}`, { key });
      const fragment = res.body.conversation.content.flat().find((message: any) => message.type === 'content_fragment');
      expect(Object.entries(fragment).filter(([name]) => name.startsWith('node'))).toEqual([
        ['nodeId', null],
        ['nodeDataSourceViewId', null],
      ]);
    }
  });
});
