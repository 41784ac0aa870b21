import { call, startTestApp, type TestApp } from './support/test-app';

// Inline content fragments are stored as files of their conversation: their `textUrl` (the
// processed version of the file) and their raw_content_fragment serve the text as posted, to
// members of the workspace only, and file fragments carry the (null) node keys every fragment has.

describe('content fragment text', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  const v1 = () => `/api/v1/w/${workspaceId}/assistant/conversations`;

  /** The path of a `textUrl` (the base URL is the deployment's public one, not the test's address). */
  const pathOf = (textUrl: string): string => {
    const url = new URL(textUrl);
    return `${url.pathname}${url.search}`;
  };
  /** Where the real service points a fragment's text: its raw_content_fragment, on the private family. */
  const rawPathOf = (cId: string, fragment: { sId: string }): string =>
    `/api/w/${workspaceId}/assistant/conversations/${cId}/messages/${fragment.sId}/raw_content_fragment`;

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

  it('serves the text of an inline fragment at its textUrl (its file) and at its raw_content_fragment, as UTF-8', async () => {
    const text = 'Notes: café, 日本語, 😀\n[brackets] {and} "quotes"';
    const { cId, fragments } = await postFragments([
      { title: 'notes.md', content: text, contentType: 'text/markdown' },
      { title: 'data.json', content: '{"a": 1}', contentType: 'application/json; charset=latin1' },
    ]);
    expect(fragments.map((fragment) => fragment.contentType)).toEqual(['text/markdown', 'application/json']);
    expect(fragments[0].fileId).toMatch(/^fil_/);
    expect(fragments[0].textUrl).toBe(`https://conversations.example.test/api/w/${workspaceId}/files/${fragments[0].fileId}?action=view&version=processed`);
    const served = await Promise.all(
      fragments.flatMap((fragment) =>
        [pathOf(fragment.textUrl), rawPathOf(cId, fragment)].map(async (path) => {
          const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
          return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
        }),
      ),
    );
    expect(served).toEqual([
      { status: 200, type: 'text/plain; charset=utf-8', body: text },
      { status: 200, type: 'text/markdown; charset=utf-8', body: text },
      { status: 200, type: 'text/plain; charset=utf-8', body: '{"a": 1}' },
      { status: 200, type: 'application/json; charset=utf-8', body: '{"a": 1}' },
    ]);
  });

  it('refuses inline content of a type no file may have, and records nothing', async () => {
    const created = await call(t.baseUrl, 'POST', v1(), { key, body: { title: 'empty' } });
    const cId = created.body.conversation.sId;
    for (const contentType of ['not a type', 'image/png', 'application/x-msdownload']) {
      const res = await call(t.baseUrl, 'POST', `${v1()}/${cId}/content_fragments`, { key, body: { title: 'odd', content: 'plain', contentType } });
      expect({ contentType, status: res.status, type: res.body.error?.type }).toEqual({ contentType, status: 400, type: 'invalid_request_error' });
    }
    const refused = await call(t.baseUrl, 'POST', v1(), { key, body: { contentFragment: { title: 'odd', content: 'plain', contentType: 'not a type' } } });
    expect(refused.status).toBe(400);
    const read = await call(t.baseUrl, 'GET', `${v1()}/${cId}`, { key });
    expect(read.body.conversation.content).toEqual([]);
  });

  it('never lets a fragment declared as HTML run as a page of this origin', async () => {
    const { cId, fragments } = await postFragments([{ title: 'page.html', content: '<script>alert(1)</script>', contentType: 'text/html' }]);
    for (const path of [pathOf(fragments[0].textUrl), rawPathOf(cId, fragments[0])]) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.headers.get('content-type')).toMatch(/^text\/(plain|html); charset=utf-8$/);
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 401 without a key, and 404 in the envelope for another workspace, other messages and deleted conversations', async () => {
    const { cId, fragments } = await postFragments([{ title: 'secret.txt', content: 'secret', contentType: 'text/plain' }]);
    const path = rawPathOf(cId, fragments[0]);
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
