import type { DustAPI } from '@dust-tt/client';
import { startTestApp, type TestApp } from './support/test-app';
import { PNG_PIXEL } from './support/file-upload-helpers';
import { officialClient, unwrapResult as unwrap } from './support/official-client';

/** Files and content fragments through `@dust-tt/client`, which validates each response against its own schemas. */
describe('the official client against our server: files and content fragments', () => {
  let t: TestApp;
  let client: DustAPI;
  const context = { username: 'ada', timezone: 'UTC', origin: 'api' as const };

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    const { workspaceId, apiKey } = await t.createWorkspace();
    client = officialClient(t.baseUrl, workspaceId, apiKey);
  });
  afterAll(() => t.close());

  async function upload(name: string, type: string, bytes: Uint8Array): Promise<{ sId: string; status: string }> {
    return unwrap(
      await client.uploadFile({ contentType: type as 'text/plain', fileName: name, fileSize: bytes.length, useCase: 'conversation', fileObject: new File([bytes], name, { type }) }),
    );
  }

  it('uploadFile, then getFileContent of the original and the processed version', async () => {
    const text = 'Minutes: the board approves the bridge.';
    const file = await upload('minutes.txt', 'text/plain', Buffer.from(text));
    expect(file.status).toBe('ready');
    const original = unwrap(await client.getFileContent({ fileId: file.sId }));
    expect(await original.text()).toBe(text);
    const processed = unwrap(await client.getFileContent({ fileId: file.sId, version: 'processed' }));
    expect(await processed.text()).toBe(text);
    const image = await upload('pixel.png', 'image/png', PNG_PIXEL);
    const pixel = unwrap(await client.getFileContent({ fileId: image.sId }));
    expect(Buffer.from(await pixel.arrayBuffer()).equals(PNG_PIXEL)).toBe(true);
  });

  it('createConversation with the file as a fragment, postContentFragment, supersede', async () => {
    const first = await upload('plan.md', 'text/markdown', Buffer.from('# Plan\nOne.'));
    const created = unwrap(
      await client.createConversation({
        title: 'With a file',
        visibility: 'unlisted',
        message: { content: 'See the plan', mentions: [], context },
        contentFragments: [{ title: 'plan.md', fileId: first.sId, url: null, context: null }],
      }),
    );
    const conversationId = created.conversation.sId;
    const fragments = created.conversation.content.flat().filter((message) => message.type === 'content_fragment');
    expect(fragments).toHaveLength(1);
    expect(fragments[0]).toMatchObject({ contentFragmentType: 'file', fileId: first.sId, contentType: 'text/markdown', contentFragmentVersion: 'latest', expiredReason: null });

    const second = await upload('plan-v2.md', 'text/markdown', Buffer.from('# Plan\nTwo.'));
    const posted = unwrap(
      await client.postContentFragment({
        conversationId,
        contentFragment: { title: 'plan.md', fileId: second.sId, url: null, context: null, supersededContentFragmentId: fragments[0]!.contentFragmentId },
      }),
    );
    expect(posted).toMatchObject({ fileId: second.sId, contentFragmentId: fragments[0]!.contentFragmentId, contentFragmentVersion: 'latest' });

    const inline = unwrap(
      await client.postContentFragment({ conversationId, contentFragment: { title: 'note', content: 'An inline note.', contentType: 'text/plain', url: null, context: null } }),
    );
    expect(inline).toMatchObject({ contentFragmentType: 'file', fileId: null, textBytes: 15, snippet: 'An inline note.' });

    const fetched = unwrap(await client.getConversation({ conversationId }));
    // Both versions share the fragment's id; the older one is marked superseded.
    const versions = fetched.content
      .flat()
      .flatMap((message) => (message.type === 'content_fragment' && message.contentFragmentId === posted.contentFragmentId ? [message] : []));
    expect(versions.map((message) => [message.sId, message.contentFragmentVersion])).toEqual([
      [fragments[0]!.sId, 'superseded'],
      [posted.sId, 'latest'],
    ]);
  });

  it('deleteFile answers 204; the file then reads as file_not_found', async () => {
    const file = await upload('gone.txt', 'text/plain', Buffer.from('soon gone'));
    const deleted = await client.deleteFile({ fileID: file.sId });
    expect(deleted.isOk() && deleted.value.response.status).toBe(204);
    // getFileContent hands back whatever body it gets, here the error envelope.
    const after = unwrap(await client.getFileContent({ fileId: file.sId }));
    expect(JSON.parse(await after.text())).toMatchObject({ error: { type: 'file_not_found' } });
  });
});
