import { postContent, uploadFile } from './support/file-upload-helpers';
import { searchIndexCaughtUp } from './support/search-helpers';
import { startDataSourceApp } from './support/data-source-app';
import { call, type TestApp } from './support/test-app';

jest.setTimeout(30_000);

/** An uploaded file (use case `upsert_document`) upserted as a document from its extracted text. */
describe('files as documents', () => {
  let t: TestApp;
  let workspaceId: string;
  let builder: string;
  let user: string;
  let spaceId: string;
  let dsId: string;

  const filesPath = () => `/api/w/${workspaceId}/spaces/${spaceId}/data_sources/${dsId}/files`;
  const uploadForDocument = async (name: string, type: string, bytes: string, key = builder): Promise<string> => {
    const requested = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key, body: { contentType: type, fileName: name, fileSize: Buffer.byteLength(bytes), useCase: 'upsert_document' } });
    expect(requested.status).toBe(200);
    const fileId: string = requested.body.file.sId;
    const uploaded = await postContent(t.baseUrl, key, `/api/v1/w/${workspaceId}/files/${fileId}`, Buffer.from(bytes), name, type);
    expect(uploaded.body.file.status).toBe('ready');
    return fileId;
  };

  beforeAll(async () => {
    let dataSource: { sId: string };
    ({ t, workspaceId, builder, user, spaceId, dataSource } = await startDataSourceApp({ space: 'Files', dataSource: 'Uploads' }));
    dsId = dataSource.sId;
  });
  afterAll(() => t.close());

  it('upserts the extracted text under the file id, titled by the file name, and search finds it', async () => {
    const fileId = await uploadForDocument('minutes.md', 'text/markdown', '# Minutes\n\nThe board approved the narwhal budget.');
    const res = await call(t.baseUrl, 'POST', filesPath(), { key: builder, body: { fileId, upsertArgs: { tags: ['board'] } } });
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ document_id: fileId, title: 'minutes.md', mime_type: 'text/markdown', tags: ['board', 'title:minutes.md'] });
    expect(res.body.document.text).toContain('narwhal budget');
    const got = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/data_sources/${dsId}/documents/${fileId}`, { key: user });
    expect(got.body.document.text).toContain('narwhal budget');
    await searchIndexCaughtUp(t);
    const found = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/data_sources/${dsId}/search?query=narwhal&top_k=5`, { key: user });
    expect(found.body.documents.map((document: any) => document.document_id)).toEqual([fileId]);

    const named = await call(t.baseUrl, 'POST', filesPath(), { key: builder, body: { fileId, upsertArgs: { document_id: 'minutes', title: 'Board minutes' } } });
    expect(named.body.document).toMatchObject({ document_id: 'minutes', title: 'Board minutes' });
  });

  it('refuses files of another use case, unknown files, and callers who cannot write', async () => {
    const conversationFile = await uploadFile(t.baseUrl, builder, workspaceId, { name: 'chat.txt', type: 'text/plain', bytes: 'chat' });
    const wrongUse = await call(t.baseUrl, 'POST', filesPath(), { key: builder, body: { fileId: conversationFile.fileId } });
    expect({ status: wrongUse.status, type: wrongUse.body.error.type }).toEqual({ status: 400, type: 'invalid_request_error' });
    const unknown = await call(t.baseUrl, 'POST', filesPath(), { key: builder, body: { fileId: 'fil_missing0000' } });
    expect({ status: unknown.status, type: unknown.body.error.type }).toEqual({ status: 404, type: 'file_not_found' });
    const missing = await call(t.baseUrl, 'POST', filesPath(), { key: builder, body: {} });
    expect(missing.status).toBe(400);
    const fileId = await uploadForDocument('notes.txt', 'text/plain', 'notes');
    const asUser = await call(t.baseUrl, 'POST', filesPath(), { key: user, body: { fileId } });
    expect({ status: asUser.status, type: asUser.body.error.type }).toEqual({ status: 403, type: 'data_source_auth_error' });
  });
});
