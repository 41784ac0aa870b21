import { until } from '@app/contracts/test/until';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { FileAggregateWriter } from '../apps/api/src/event-sourcing/writing/aggregate-writers';
import { uploadFile } from './support/file-upload-helpers';
import { call, startTestApp, type TestApp } from './support/test-app';

async function* bytesOf(text: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(text, 'utf8');
}

describe('content fragments of files over HTTP', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  let cId: string;
  const publicRoute = () => `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/content_fragments`;
  const privateRoute = () => `/api/w/${workspaceId}/assistant/conversations/${cId}/content_fragment`;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
    cId = (await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, { key, body: { title: 'fragments' } })).body.conversation.sId;
  });
  afterAll(() => t.close());

  it('posts a fragment on the public (plural) and private (singular) routes, with every field of the shape', async () => {
    for (const route of [publicRoute(), privateRoute()]) {
      const res = await call(t.baseUrl, 'POST', route, { key, body: { title: 'note.txt', content: 'hello', contentType: 'text/plain' } });
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
      expect(Object.keys(res.body.contentFragment).sort()).toEqual(
        [
          'branchId',
          'contentFragmentId',
          'contentFragmentType',
          'contentFragmentVersion',
          'contentType',
          'context',
          'created',
          'expiredReason',
          'fileId',
          'generatedTables',
          'id',
          'nodeDataSourceViewId',
          'nodeId',
          'path',
          'processedPath',
          'rank',
          'sId',
          'skipFileProcessing',
          'snippet',
          'sourceIcon',
          'sourceProvider',
          'sourceUrl',
          'textBytes',
          'textUrl',
          'title',
          'type',
          'version',
          'visibility',
        ].sort(),
      );
    }
  });

  it('points the textUrl of a file fragment at the processed version, which serves the text', async () => {
    const { fileId } = await uploadFile(t.baseUrl, key, workspaceId, { name: 'a.md', type: 'text/markdown', bytes: '# A\ntext of a' });
    const res = await call(t.baseUrl, 'POST', publicRoute(), { key, body: { title: 'a.md', fileId } });
    expect(res.body.contentFragment).toMatchObject({ fileId, contentType: 'text/markdown', textBytes: 13, snippet: '# A\ntext of a' });
    const textUrl = new URL(res.body.contentFragment.textUrl);
    expect(`${textUrl.pathname}${textUrl.search}`).toBe(`/api/w/${workspaceId}/files/${fileId}?action=view&version=processed`);
    const served = await fetch(`${t.baseUrl}${textUrl.pathname}${textUrl.search}`, { headers: { authorization: `Bearer ${key}` } });
    expect(await served.text()).toBe('# A\ntext of a');
  });

  it("answers the reference's errors for files that are missing, foreign or not ready, and for content nodes", async () => {
    const other = await t.createWorkspace('Other');
    const foreign = await uploadFile(t.baseUrl, other.apiKey, other.workspaceId, { name: 'f.txt', type: 'text/plain', bytes: 'foreign' });
    const pending = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key, body: { contentType: 'text/plain', fileName: 'p.txt', fileSize: 3, useCase: 'conversation' } });
    const failed = await uploadFile(t.baseUrl, key, workspaceId, { name: 'bad.txt', type: 'text/plain', bytes: Buffer.from([0xff, 0xfe, 0xfd]) });
    const cases: Array<{ body: object; status: number; type: string }> = [
      { body: { title: 'x', fileId: 'fil_doesnotexist' }, status: 404, type: 'file_not_found' },
      { body: { title: 'x', fileId: foreign.fileId }, status: 404, type: 'file_not_found' },
      { body: { title: 'x', fileId: pending.body.file.sId }, status: 400, type: 'invalid_request_error' },
      { body: { title: 'x', fileId: failed.fileId }, status: 400, type: 'invalid_request_error' },
      { body: { title: 'x', nodeId: 'n1', nodeDataSourceViewId: 'dsv_x' }, status: 404, type: 'data_source_view_not_found' },
      { body: { title: 'x', content: 'y', contentType: 'text/plain', supersededContentFragmentId: 'nope' }, status: 400, type: 'invalid_request_error' },
    ];
    for (const { body, status, type } of cases) {
      for (const route of [publicRoute(), privateRoute()]) {
        const res = await call(t.baseUrl, 'POST', route, { key, body });
        expect({ body, route, status: res.status, type: res.body.error?.type }).toEqual({ body, route, status, type });
      }
      const created = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, { key, body: { contentFragments: [body] } });
      if (!('supersededContentFragmentId' in body)) expect({ body, status: created.status, type: created.body.error?.type }).toEqual({ body, status, type });
    }
    const missing = await call(t.baseUrl, 'POST', publicRoute().replace(cId, 'nOtAcOnvId'), { key, body: { title: 'x', content: 'y', contentType: 'text/plain' } });
    expect({ status: missing.status, type: missing.body.error.type }).toEqual({ status: 404, type: 'conversation_not_found' });
  });
});

describe('files across a restart', () => {
  it('processes again a file a crashed process left in processing, and sweeps blobs no file references', async () => {
    const first = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', FILE_ORPHAN_GRACE_SECONDS: '0' });
    const { workspaceId, apiKey } = await first.createWorkspace();
    const requested = await call(first.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, {
      key: apiKey,
      body: { contentType: 'text/plain', fileName: 'crash.txt', fileSize: 18, useCase: 'conversation' },
    });
    const fileId: string = requested.body.file.sId;
    // What a process that died mid-processing leaves: the bytes stored and recorded, no outcome. No
    // request can stop a process between those writes, so they are made here through the stores.
    const blobs = first.app.get<BlobStore>(BLOB_STORE);
    const stored = await blobs.put(bytesOf('survives a restart'));
    await first.app.get(FileAggregateWriter).run(fileId, { type: 'StoreFileContent', originalHash: stored.hash, byteSize: stored.size }, 'test');
    // And a blob written by an upload whose event never landed.
    const orphan = await blobs.put(bytesOf(`orphan ${Date.now()}`));
    await first.close({ keepData: true });

    const second = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', FILE_ORPHAN_GRACE_SECONDS: '0' }, first.dataDir);
    try {
      const view = () => fetch(`${second.baseUrl}/api/v1/w/${workspaceId}/files/${fileId}?action=view&version=processed`, { headers: { authorization: `Bearer ${apiKey}` } });
      // Recovery runs in the background after the start: done once the file serves its text.
      await until(async () => (await view()).status === 200, 15_000);
      expect(await (await view()).text()).toBe('survives a restart');
      const secondBlobs = second.app.get<BlobStore>(BLOB_STORE);
      await until(async () => !(await secondBlobs.has(orphan.hash)), 15_000);
      expect(await secondBlobs.has(stored.hash)).toBe(true);
      expect(await secondBlobs.has(orphan.hash)).toBe(false);
    } finally {
      await second.close();
    }
  }, 60_000);
});
