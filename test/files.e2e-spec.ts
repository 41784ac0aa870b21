import { createHash } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { call, startTestApp, type TestApp } from './support/test-app';
import { PNG_PIXEL, postContent, uploadFile } from './support/file-upload-helpers';

describe('files over HTTP', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  const v1 = () => `/api/v1/w/${workspaceId}`;
  const priv = () => `/api/w/${workspaceId}`;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
  });
  afterAll(() => t.close());

  it('requests an upload, receives the content, and is ready with its text on both families', async () => {
    for (const family of ['public', 'private'] as const) {
      const { status, body, fileId } = await uploadFile(t.baseUrl, key, workspaceId, { name: 'notes.md', type: 'text/markdown', bytes: '# Notes\nThe falcon flies at dawn.' }, family);
      expect({ family, status }).toEqual({ family, status: 200 });
      expect(body.file).toMatchObject({ sId: fileId, id: fileId, status: 'ready', contentType: 'text/markdown', fileName: 'notes.md', fileSize: 33, useCase: 'conversation' });
      expect(body.file.downloadUrl).toBe(`${t.baseUrl}/api/w/${workspaceId}/files/${fileId}`);
      const processed = await fetch(`${t.baseUrl}${v1()}/files/${fileId}?action=view&version=processed`, { headers: { authorization: `Bearer ${key}` } });
      expect(processed.status).toBe(200);
      expect(processed.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await processed.text()).toBe('# Notes\nThe falcon flies at dawn.');
    }
  });

  it('answers the upload request with status created and the uploadUrl', async () => {
    const res = await call(t.baseUrl, 'POST', `${v1()}/files`, { key, body: { contentType: 'text/plain', fileName: 'a.txt', fileSize: 3, useCase: 'conversation' } });
    expect(res.status).toBe(200);
    expect(res.body.file).toMatchObject({ status: 'created', fileSize: 3, uploadUrl: `${t.baseUrl}/api/v1/w/${workspaceId}/files/${res.body.file.sId}` });
    expect(res.body.file.sId).toMatch(/^fil_[A-Za-z0-9]+$/);
  });

  it('refuses unsupported types, sizes over the cap, and bad use cases', async () => {
    const request = (body: object) => call(t.baseUrl, 'POST', `${v1()}/files`, { key, body: { fileName: 'x', fileSize: 10, useCase: 'conversation', contentType: 'text/plain', ...body } });
    const unsupported = await request({ contentType: 'application/x-msdownload' });
    expect({ status: unsupported.status, type: unsupported.body.error.type }).toEqual({ status: 400, type: 'file_type_not_supported' });
    const tooLarge = await request({ contentType: 'image/png', fileSize: 5 * 1024 * 1024 + 1 });
    expect({ status: tooLarge.status, type: tooLarge.body.error.type }).toEqual({ status: 400, type: 'file_too_large' });
    const useCase = await request({ useCase: 'payroll' });
    expect({ status: useCase.status, type: useCase.body.error.type }).toEqual({ status: 400, type: 'invalid_request_error' });
  });

  it('fails the file with a reason when the part is larger than declared, empty, of another type, or not what its bytes say', async () => {
    const cases: Array<{ file: Parameters<typeof uploadFile>[3]; type: string }> = [
      { file: { name: 'big.txt', type: 'text/plain', bytes: 'x'.repeat(100), declaredSize: 10 }, type: 'file_too_large' },
      { file: { name: 'empty.txt', type: 'text/plain', bytes: '', declaredSize: 10 }, type: 'file_is_empty' },
      { file: { name: 'a.txt', type: 'text/plain', bytes: 'hello', partType: 'text/csv' }, type: 'file_type_not_supported' },
      { file: { name: 'fake.png', type: 'image/png', bytes: 'not a png at all, just text' }, type: 'file_type_not_supported' },
      { file: { name: 'fake.pdf', type: 'application/pdf', bytes: PNG_PIXEL }, type: 'file_type_not_supported' },
    ];
    for (const { file, type } of cases) {
      const res = await uploadFile(t.baseUrl, key, workspaceId, file);
      expect({ name: file.name, status: res.status, type: res.body.error?.type }).toEqual({ name: file.name, status: 400, type });
      const after = await call(t.baseUrl, 'GET', `${v1()}/files/${res.fileId}?action=view`, { key });
      expect(after.status).toBe(404);
    }
  });

  it('a file whose text cannot be extracted ends failed with the reason, never stuck in created', async () => {
    const res = await uploadFile(t.baseUrl, key, workspaceId, { name: 'latin1.txt', type: 'text/plain', bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9]) });
    expect(res.status).toBe(200);
    expect(res.body.file).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('UTF-8') });
  });

  it('refuses a second upload of the same file and an upload that is not multipart', async () => {
    const first = await uploadFile(t.baseUrl, key, workspaceId, { name: 'once.txt', type: 'text/plain', bytes: 'once' });
    expect(first.status).toBe(200);
    const again = await postContent(t.baseUrl, key, `${v1()}/files/${first.fileId}`, Buffer.from('once'), 'once.txt', 'text/plain');
    expect({ status: again.status, type: again.body.error.type }).toEqual({ status: 400, type: 'invalid_request_error' });
    const requested = await call(t.baseUrl, 'POST', `${v1()}/files`, { key, body: { contentType: 'text/plain', fileName: 'b.txt', fileSize: 3, useCase: 'conversation' } });
    const json = await call(t.baseUrl, 'POST', `${v1()}/files/${requested.body.file.sId}`, { key, body: { file: 'abc' } });
    expect({ status: json.status, type: json.body.error.type }).toEqual({ status: 400, type: 'invalid_request_error' });
  });

  it('stores images as they are and serves them inline; unsafe types become signed downloads', async () => {
    const image = await uploadFile(t.baseUrl, key, workspaceId, { name: 'pixel.png', type: 'image/png', bytes: PNG_PIXEL });
    expect(image.body.file.status).toBe('ready');
    const view = await fetch(`${t.baseUrl}${v1()}/files/${image.fileId}?action=view`, { headers: { authorization: `Bearer ${key}` } });
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await view.arrayBuffer()).equals(PNG_PIXEL)).toBe(true);

    const download = await fetch(`${t.baseUrl}${priv()}/files/${image.fileId}?action=download`, { headers: { authorization: `Bearer ${key}` }, redirect: 'manual' });
    expect(download.status).toBe(302);
    const location = new URL(download.headers.get('location')!);
    expect(location.pathname).toBe(`/api/w/${workspaceId}/files/${image.fileId}/signed`);
    const signed = await fetch(`${t.baseUrl}${location.pathname}${location.search}`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await signed.arrayBuffer()).equals(PNG_PIXEL)).toBe(true);

    const tampered = new URLSearchParams(location.search);
    tampered.set('expires', String(Number(tampered.get('expires')) + 1000));
    expect((await fetch(`${t.baseUrl}${location.pathname}?${tampered.toString()}`)).status).toBe(404);
    const expired = new URLSearchParams(location.search);
    expired.set('expires', '1000');
    expect((await fetch(`${t.baseUrl}${location.pathname}?${expired.toString()}`)).status).toBe(404);
  });

  it('deletes a file (204), after which it is a 404, and its bytes are gone from the blob store', async () => {
    const unique = `delete me ${Date.now()} ${Math.random()}`;
    const { fileId } = await uploadFile(t.baseUrl, key, workspaceId, { name: 'gone.txt', type: 'text/plain', bytes: unique });
    const hash = createHash('sha256').update(unique).digest('hex');
    const blobPath = join(t.dataDir, 'blobs', hash.slice(0, 2), hash);
    expect(existsSync(blobPath)).toBe(true);
    const removed = await fetch(`${t.baseUrl}${v1()}/files/${fileId}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
    expect(existsSync(blobPath)).toBe(false);
    const after = await call(t.baseUrl, 'GET', `${v1()}/files/${fileId}?action=view`, { key });
    expect({ status: after.status, type: after.body.error.type }).toEqual({ status: 404, type: 'file_not_found' });
    const again = await call(t.baseUrl, 'DELETE', `${v1()}/files/${fileId}`, { key });
    expect(again.status).toBe(404);
  });

  it('a file of another workspace, or of a conversation the key cannot read, is a 404', async () => {
    const conversation = await call(t.baseUrl, 'POST', `${v1()}/assistant/conversations`, { key, body: { title: 'private' } });
    const cId = conversation.body.conversation.sId;
    const { fileId } = await uploadFile(t.baseUrl, key, workspaceId, { name: 'c.txt', type: 'text/plain', bytes: 'conversation file', conversationId: cId });
    expect((await call(t.baseUrl, 'GET', `${v1()}/files/${fileId}?action=view`, { key })).status).toBe(200);

    const other = await t.createWorkspace('Other');
    const foreign = await call(t.baseUrl, 'GET', `/api/v1/w/${other.workspaceId}/files/${fileId}?action=view`, { key: other.apiKey });
    expect({ status: foreign.status, type: foreign.body.error.type }).toEqual({ status: 404, type: 'file_not_found' });

    expect((await call(t.baseUrl, 'DELETE', `${priv()}/assistant/conversations/${cId}`, { key })).status).toBe(200);
    const hidden = await call(t.baseUrl, 'GET', `${v1()}/files/${fileId}?action=view`, { key });
    expect({ status: hidden.status, type: hidden.body.error.type }).toEqual({ status: 404, type: 'file_not_found' });
  });

  it('lets only builders change a file that is not a conversation attachment (403 workspace_auth_error)', async () => {
    const userKey = await t.createKey(workspaceId, 'user');
    const table = await call(t.baseUrl, 'POST', `${v1()}/files`, { key: userKey, body: { contentType: 'text/csv', fileName: 't.csv', fileSize: 4, useCase: 'upsert_table' } });
    expect(table.status).toBe(200);
    const refused = await postContent(t.baseUrl, userKey, `${v1()}/files/${table.body.file.sId}`, Buffer.from('a,b\n'), 't.csv', 'text/csv');
    expect({ status: refused.status, type: refused.body.error.type }).toEqual({ status: 403, type: 'workspace_auth_error' });
    const own = await uploadFile(t.baseUrl, userKey, workspaceId, { name: 'mine.txt', type: 'text/plain', bytes: 'mine' });
    expect(own.body.file.status).toBe('ready');
    expect((await call(t.baseUrl, 'DELETE', `${v1()}/files/${table.body.file.sId}`, { key: userKey })).status).toBe(403);
    expect((await call(t.baseUrl, 'DELETE', `${v1()}/files/${own.fileId}`, { key: userKey })).status).toBe(204);
  });

  it('answers 429 rate_limit_error past 40 upload requests a minute in a workspace', async () => {
    const { workspaceId: busy, apiKey } = await t.createWorkspace('Busy');
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) {
      const res = await call(t.baseUrl, 'POST', `/api/v1/w/${busy}/files`, { key: apiKey, body: { contentType: 'text/plain', fileName: `${i}.txt`, fileSize: 1, useCase: 'conversation' } });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error.type).toBe('rate_limit_error');
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});

describe('hostile multipart uploads', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
  });
  afterAll(() => t.close());

  async function requested(): Promise<string> {
    const res = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key, body: { contentType: 'text/plain', fileName: 'a.txt', fileSize: 100, useCase: 'conversation' } });
    return res.body.file.sId;
  }

  async function raw(fileId: string, contentType: string, body: string | Buffer, contentEncoding?: string): Promise<{ status: number; body: any }> {
    const res = await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/files/${fileId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType, ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}) },
      body,
    });
    return { status: res.status, body: await res.json() };
  }

  const part = (name: string, text: string) => `--B\r\nContent-Disposition: form-data; name="${name}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n`;

  it('answers 400 in the envelope, never a 5xx, and the file ends failed or stays uploadable', async () => {
    const cases: Array<{ name: string; type: string; body: string }> = [
      { name: 'no boundary', type: 'multipart/form-data', body: part('file', 'x') },
      { name: 'truncated', type: 'multipart/form-data; boundary=B', body: `--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello` },
      { name: 'two files', type: 'multipart/form-data; boundary=B', body: `${part('file', 'one')}${part('file', 'two')}--B--\r\n` },
      { name: 'no file part', type: 'multipart/form-data; boundary=B', body: `${part('other', 'x')}--B--\r\n` },
      { name: 'garbage', type: 'multipart/form-data; boundary=B', body: '\u0000\u0001 not multipart at all' },
    ];
    for (const { name, type, body } of cases) {
      const fileId = await requested();
      const res = await raw(fileId, type, body);
      expect({ name, status: res.status, type: res.body.error?.type }).toEqual({ name, status: 400, type: 'invalid_request_error' });
    }
  });

  it('reads a body in the Content-Encoding it declares, as the JSON routes do, and refuses one that does not decode', async () => {
    const body = `${part('file', 'squeezed text')}--B--\r\n`;
    const type = 'multipart/form-data; boundary=B';
    for (const [encoding, encoded] of [
      ['gzip', gzipSync(body)],
      ['deflate', deflateSync(body)],
      ['br', brotliCompressSync(body)],
      ['identity', Buffer.from(body)],
    ] as const) {
      const fileId = await requested();
      const res = await raw(fileId, type, encoded, encoding);
      expect({ encoding, status: res.status, fileStatus: res.body.file?.status }).toEqual({ encoding, status: 200, fileStatus: 'ready' });
      const processed = await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/files/${fileId}?action=view&version=processed`, { headers: { authorization: `Bearer ${key}` } });
      expect(await processed.text()).toBe('squeezed text');
    }
    const refused: Array<{ name: string; encoding: string; encoded: string | Buffer; message: string }> = [
      // A plain body said to be gzip was stored as it was.
      { name: 'plain body declared gzip', encoding: 'gzip', encoded: body, message: 'could not be read as its Content-Type and Content-Encoding declare' },
      { name: 'truncated gzip', encoding: 'gzip', encoded: gzipSync(body).subarray(0, 30), message: 'could not be read as its Content-Type and Content-Encoding declare' },
      { name: 'unknown encoding', encoding: 'compress', encoded: body, message: 'Unsupported body encoding.' },
      // Decoding stops past the file's cap and some room for the framing, whatever the parts.
      { name: 'inflates past the cap', encoding: 'gzip', encoded: gzipSync(`${part('file', 'ok')}--B\r\nContent-Disposition: form-data; name="pad"\r\n\r\n${'x'.repeat(64 * 1024 * 1024)}\r\n--B--\r\n`), message: 'decodes to more than' },
    ];
    for (const { name, encoding, encoded, message } of refused) {
      const fileId = await requested();
      const res = await raw(fileId, type, encoded, encoding);
      expect({ name, status: res.status, error: res.body.error }).toEqual({ name, status: 400, error: { type: 'invalid_request_error', message: expect.stringContaining(message) } });
    }
  });
});
