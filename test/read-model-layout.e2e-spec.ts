import { until } from '@app/contracts/test/until';
import { GenerationRegistry, READ_STORE, SqliteReadStore, type ReadStore } from '@app/storage';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, startTestApp, type TestApp } from './support/test-app';

// The api's embedded projector checks the read-model layout at start (the rebuild itself, with a
// projection set the api does not let a test change, is libs/projections' layout-upgrade.spec).
// Which generation serves reads shows on no public surface: the specs read the generation registry.

jest.setTimeout(30_000);

describe('the api restarted on a data dir', () => {
  let dataDir: string;
  let app: TestApp | null = null;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-layout-'));
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const generationsOf = (t: TestApp) => new GenerationRegistry(t.app.get<ReadStore>(READ_STORE)).read();

  /** A first run: a workspace and a conversation, then a clean stop. */
  async function firstRun(): Promise<{ read: (t: TestApp) => Promise<number> }> {
    const t = await startTestApp({}, dataDir);
    const { workspaceId, apiKey } = await t.createWorkspace('Layout');
    const path = `/api/v1/w/${workspaceId}/assistant/conversations`;
    const title = 'written before the restart';
    const created = await call(t.baseUrl, 'POST', path, {
      key: apiKey,
      body: { title, visibility: 'unlisted', message: { content: 'hello', mentions: [], context: { username: 'ada', timezone: 'UTC' } } },
    });
    expect(created.status).toBe(200);
    const conversationId: string = created.body.conversation.sId;
    expect(await generationsOf(t)).toEqual({ active: 1, highest: 1 });
    await t.close();
    const read = async (running: TestApp): Promise<number> => {
      const response = await call(running.baseUrl, 'GET', `${path}/${conversationId}`, { key: apiKey });
      if (response.status === 200) expect(response.body.conversation.title).toBe(title);
      return response.status;
    };
    return { read };
  }

  it('starts with the same layout, answers at once and rebuilds nothing', async () => {
    const { read } = await firstRun();
    app = await startTestApp({}, dataDir);
    expect(await read(app)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await generationsOf(app)).toEqual({ active: 1, highest: 1 });
  });

  it('rebuilds once a data dir whose layout was never recorded, answering from the old generation meanwhile', async () => {
    const { read } = await firstRun();
    // What a release from before layouts were recorded leaves behind.
    const store = new SqliteReadStore({ path: join(dataDir, 'read-models.sqlite') });
    await store.delete('projector_meta', 'layout_g1');
    await store.close();

    app = await startTestApp({}, dataDir);
    const running = app;
    const statuses: number[] = [];
    await until(async () => {
      statuses.push(await read(running));
      const generations = await generationsOf(running);
      return generations.active === 2;
    }, 20_000);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await read(running)).toBe(200);
    await app.close();

    app = await startTestApp({}, dataDir);
    expect(await read(app)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await generationsOf(app)).toEqual({ active: 2, highest: 2 });
  });
});
