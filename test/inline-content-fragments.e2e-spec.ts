import { MAX_INLINE_FRAGMENT_BYTES } from '@app/contracts/http/content-fragment.dto';
import { BLOB_STORE, EVENT_STORE, type BlobStore, type EventStore } from '@app/storage';
import { call, startTestApp, type TestApp } from './support/test-app';

// Inline content fragments become files of their conversation, as the real service converts them
// to uploads: the fragment refers to a ready file (use case `conversation`) by `fileId`, and its
// `textUrl`, `textBytes`, `snippet` and `sourceUrl` are those of a fragment of that file.

const PUBLIC_URL = 'https://conversations.example.test';

describe('inline content fragments stored as files', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  const v1 = (path = '') => `/api/v1/w/${workspaceId}/assistant/conversations${path}`;
  const priv = (path = '') => `/api/w/${workspaceId}/assistant/conversations${path}`;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', PUBLIC_URL });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
  });
  afterAll(() => t.close());

  async function newConversation(): Promise<string> {
    return (await call(t.baseUrl, 'POST', v1(), { key, body: { title: 'inline' } })).body.conversation.sId;
  }

  /** The bytes a file serves for one version, with the type it is served as. */
  async function fileText(fileId: string, version: 'original' | 'processed', apiKey = key): Promise<{ status: number; type: string | null; body: string }> {
    const res = await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/files/${fileId}?action=view&version=${version}`, { headers: { authorization: `Bearer ${apiKey}` } });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  }

  /** What a fragment of a file shows, as the real service renders it. */
  function expectFileFragment(fragment: any, text: string, sourceUrl?: string): void {
    expect(fragment).toMatchObject({
      contentFragmentType: 'file',
      fileId: expect.stringMatching(/^fil_/),
      textBytes: Buffer.byteLength(text, 'utf8'),
      snippet: text.slice(0, 256),
      expiredReason: null,
      generatedTables: [],
    });
    expect(fragment.textUrl).toBe(`${PUBLIC_URL}/api/w/${workspaceId}/files/${fragment.fileId}?action=view&version=processed`);
    expect(fragment.sourceUrl).toBe(sourceUrl ?? `${PUBLIC_URL}/api/w/${workspaceId}/files/${fragment.fileId}`);
  }

  it('stores the text as a ready file of the conversation on the public and private routes', async () => {
    const cId = await newConversation();
    const text = `Field notes: the heron returned at dawn, café ☕. ${'x'.repeat(300)}`;
    for (const route of [v1(`/${cId}/content_fragments`), priv(`/${cId}/content_fragment`)]) {
      const res = await call(t.baseUrl, 'POST', route, { key, body: { title: 'notes.md', content: text, contentType: 'text/markdown' } });
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
      const fragment = res.body.contentFragment;
      expectFileFragment(fragment, text);
      expect(fragment.contentType).toBe('text/markdown');
      expect(await fileText(fragment.fileId, 'original')).toEqual({ status: 200, type: 'text/markdown', body: text });
      expect(await fileText(fragment.fileId, 'processed')).toEqual({ status: 200, type: 'text/plain; charset=utf-8', body: text });
    }
    const read = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key });
    const fragments = read.body.conversation.content.flat();
    expect(fragments).toHaveLength(2);
    for (const fragment of fragments) expectFileFragment(fragment, text);
  });

  it('stores each inline fragment of create-conversation as its own file, and keeps a url that was given', async () => {
    const res = await call(t.baseUrl, 'POST', v1(), {
      key,
      body: {
        title: 'with fragments',
        contentFragment: { title: 'one.txt', content: 'First note.', contentType: 'text/plain' },
        contentFragments: [{ title: 'two.csv', content: 'a,b\n1,2', contentType: 'text/csv', url: 'https://example.com/two.csv' }],
      },
    });
    expect(res.status).toBe(200);
    const [two, one] = res.body.contentFragments;
    expectFileFragment(one, 'First note.');
    expectFileFragment(two, 'a,b\n1,2', 'https://example.com/two.csv');
    expect(one.fileId).not.toBe(two.fileId);
    expect((await fileText(two.fileId, 'original')).body).toBe('a,b\n1,2');
  });

  it('lets only readers of the conversation read its file; its file is gone with a deleted conversation', async () => {
    const cId = await newConversation();
    const res = await call(t.baseUrl, 'POST', v1(`/${cId}/content_fragments`), { key, body: { title: 's.txt', content: 'secret', contentType: 'text/plain' } });
    const { fileId } = res.body.contentFragment;
    const other = await t.createWorkspace('Other');
    const foreign = await fetch(`${t.baseUrl}/api/v1/w/${other.workspaceId}/files/${fileId}?action=view`, { headers: { authorization: `Bearer ${other.apiKey}` } });
    expect(foreign.status).toBe(404);
    expect((await call(t.baseUrl, 'DELETE', priv(`/${cId}`), { key })).status).toBe(200);
    expect((await fileText(fileId, 'original')).status).toBe(404);
  });

  it('applies the size limits of inline content: 1 byte to 512 KiB', async () => {
    const cId = await newConversation();
    const route = v1(`/${cId}/content_fragments`);
    const largest = 'é'.repeat(MAX_INLINE_FRAGMENT_BYTES / 2);
    const accepted = await call(t.baseUrl, 'POST', route, { key, body: { title: 'big.txt', content: largest, contentType: 'text/plain' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.contentFragment.textBytes).toBe(MAX_INLINE_FRAGMENT_BYTES);
    expect((await fileText(accepted.body.contentFragment.fileId, 'original')).body).toBe(largest);
    for (const content of [`${largest}a`, '']) {
      const refused = await call(t.baseUrl, 'POST', route, { key, body: { title: 'x.txt', content, contentType: 'text/plain' } });
      expect({ bytes: Buffer.byteLength(content), status: refused.status, type: refused.body.error?.type }).toEqual({
        bytes: Buffer.byteLength(content),
        status: 400,
        type: 'invalid_request_error',
      });
    }
    const read = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key });
    expect(read.body.conversation.content.flat()).toHaveLength(1);
  });

  it('supersedes an inline fragment with another, each version with its own file', async () => {
    const cId = await newConversation();
    const route = v1(`/${cId}/content_fragments`);
    const first = (await call(t.baseUrl, 'POST', route, { key, body: { title: 'plan', content: 'Plan one.', contentType: 'text/plain' } })).body.contentFragment;
    const second = await call(t.baseUrl, 'POST', route, {
      key,
      body: { title: 'plan', content: 'Plan two.', contentType: 'text/plain', supersededContentFragmentId: first.contentFragmentId },
    });
    expect(second.status).toBe(200);
    expect(second.body.contentFragment).toMatchObject({ contentFragmentId: first.contentFragmentId, contentFragmentVersion: 'latest' });
    expect(second.body.contentFragment.fileId).not.toBe(first.fileId);
    const read = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key });
    expect(read.body.conversation.content.flat().map((f: any) => [f.fileId, f.contentFragmentVersion])).toEqual([
      [first.fileId, 'superseded'],
      [second.body.contentFragment.fileId, 'latest'],
    ]);
  });

  it('records no fragment when the text cannot be stored or its file cannot be recorded', async () => {
    const cId = await newConversation();
    const blobs = t.app.get<BlobStore>(BLOB_STORE);
    const events = t.app.get<EventStore>(EVENT_STORE);
    const countOf = async (what: (event: { streamName: string; type: string; data: { title?: unknown } }) => boolean) => (await events.readAll()).filter(what).length;
    const fileEvents = () => countOf((event) => event.streamName.startsWith('file-'));
    const conversationsCreated = () => countOf((event) => event.type === 'ConversationCreated');
    const before = { files: await fileEvents(), conversations: await conversationsCreated() };
    const blobFailure = jest.spyOn(blobs, 'put').mockRejectedValueOnce(new Error('disk full'));
    const appendOf = events.append.bind(events);
    const fileFailure = jest.spyOn(events, 'append');
    try {
      const noBlob = await call(t.baseUrl, 'POST', v1(`/${cId}/content_fragments`), { key, body: { title: 'a.txt', content: 'lost', contentType: 'text/plain' } });
      expect(noBlob.status).toBe(500);
      fileFailure.mockImplementation((stream, batch, expected) =>
        stream.startsWith('file-') ? Promise.reject(new Error('event store down')) : appendOf(stream, batch, expected),
      );
      const noFile = await call(t.baseUrl, 'POST', v1(), { key, body: { contentFragment: { title: 'b.txt', content: 'lost too', contentType: 'text/plain' } } });
      expect(noFile.status).toBe(500);
    } finally {
      blobFailure.mockRestore();
      fileFailure.mockRestore();
    }
    expect({ files: await fileEvents(), conversations: await conversationsCreated() }).toEqual(before);
    expect(await countOf((event) => event.type === 'ContentFragmentAdded' && ['a.txt', 'b.txt'].includes(String(event.data.title)))).toBe(0);
    const read = await call(t.baseUrl, 'GET', v1(`/${cId}`), { key });
    expect(read.body.conversation.content).toEqual([]);
  });
});
