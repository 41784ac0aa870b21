import { READ_STORE, type ReadStore } from '@app/storage';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_INDEX_CHECKPOINT } from '../apps/api/src/search/indexing/search-index-follower';
import { searchIndexCaughtUp } from './support/search-helpers';
import { runCli } from './support/server-process';
import { call, startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

/** The search index is a read model of the log: it resumes from its checkpoint and can be rebuilt. */
describe('search index from the log', () => {
  let t: TestApp;
  let workspaceId: string;
  let builder: string;
  let dsId: string;
  const path = (suffix: string) => `/api/v1/w/${workspaceId}/data_sources/${dsId}${suffix}`;
  const found = async (query: string): Promise<string[]> => {
    await searchIndexCaughtUp(t);
    const res = await call(t.baseUrl, 'GET', `${path('/search')}?query=${query}&top_k=10`, { key: builder });
    expect(res.status).toBe(200);
    return res.body.documents.map((document: any) => document.document_id).sort();
  };

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    let admin: string;
    ({ workspaceId, apiKey: admin } = await t.createWorkspace());
    builder = await t.createKey(workspaceId, 'builder');
    const space = (await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: admin })).body.spaces.find((s: any) => s.kind === 'global');
    dsId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${space.sId}/data_sources`, { key: builder, body: { name: 'Log' } })).body.dataSource.sId;
  });
  afterAll(() => t.close());

  it('resumes after a restart and rebuilds from the log after `search reindex`', async () => {
    await call(t.baseUrl, 'POST', path('/documents/kept'), { key: builder, body: { text: 'walrus tusks' } });
    await call(t.baseUrl, 'POST', path('/documents/gone'), { key: builder, body: { text: 'walrus whiskers' } });
    await call(t.baseUrl, 'DELETE', path('/documents/gone'), { key: builder });
    expect(await found('walrus')).toEqual(['kept']);
    const checkpoint = await t.app.get<ReadStore>(READ_STORE).getCheckpoint(SEARCH_INDEX_CHECKPOINT);

    // A restart: changes recorded while the index was not following reach it from the checkpoint.
    // The checkpoint itself is read from the read store: no public surface shows how far the index
    // got, and the answers alone would look the same after a replay from the start.
    const { dataDir } = t;
    await t.close({ keepData: true });
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' }, dataDir);
    expect(await t.app.get<ReadStore>(READ_STORE).getCheckpoint(SEARCH_INDEX_CHECKPOINT)).toBeGreaterThanOrEqual(checkpoint ?? 1);
    await call(t.baseUrl, 'POST', path('/documents/new'), { key: builder, body: { text: 'walrus colony' } });
    expect(await found('walrus')).toEqual(['kept', 'new']);

    // The index lost, then rebuilt from the log at the next start.
    await t.close({ keepData: true });
    const searchFile = join(dataDir, 'search.sqlite');
    expect(existsSync(searchFile)).toBe(true);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${searchFile}${suffix}`, { force: true });
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' }, dataDir);
    // Without the reindex the checkpoint says everything is applied, so the new index stays empty.
    expect(await found('walrus')).toEqual([]);
    await t.close({ keepData: true });
    // The operator's command, on the stores of the stopped api.
    expect(await runCli(dataDir, ['search', 'reindex'])).toMatchObject({ searchIndexCheckpoint: 0, previous: expect.any(Number) });
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' }, dataDir);
    expect(await found('walrus')).toEqual(['kept', 'new']);
  });
});
