import { rmSync } from 'node:fs';
import { READ_STORE, type ReadStore } from '@app/storage';
import { SNAPSHOT_EVERY_EVENTS } from '../apps/api/src/conversations/time-travel/conversation-timeline';
import { FOLD_SNAPSHOT_INDEX_COLLECTION, FoldSnapshotStore } from '../apps/api/src/conversations/time-travel/fold-snapshot-store';
import { call, startTestApp, type TestApp } from './support/test-app';

// Time travel after a restart: the snapshots a read stored are loaded by the restarted process,
// which answers exactly what the first process answered. That the snapshots are stored and then
// loaded is seen in the app (the read store's count, a spy on the snapshot store): the answers over
// HTTP are the same with or without them.

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('time travel after a restart', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
    // The restarted app was given the directory, so it leaves it behind.
    rmSync(t.dataDir, { recursive: true, force: true });
  });

  it('answers the same conversation at several instants before and after a restart, from the snapshots stored before it', async () => {
    t = await startTestApp();
    const { workspaceId } = await t.createWorkspace('Acme');
    const key = await t.createKey(workspaceId, 'user', 'ada@example.com');
    const path = (suffix = '') => `/api/w/${workspaceId}/assistant/conversations${suffix}`;
    const created = await call(t.baseUrl, 'POST', path(), { key, body: { title: 'Renamed', visibility: 'unlisted' } });
    expect(created.status).toBe(200);
    const conversationId: string = created.body.conversation.sId;

    // Enough renames (one event each) for a snapshot, with instants recorded along the way.
    const instants: number[] = [];
    for (let i = 0; i < SNAPSHOT_EVERY_EVENTS + 30; i += 1) {
      const renamed = await call(t.baseUrl, 'PATCH', path(`/${conversationId}`), { key, body: { title: `Title ${i}` } });
      expect(renamed.status).toBe(200);
      if (i % 130 === 0) {
        await sleep(2);
        instants.push(Date.now());
        await sleep(2);
      }
    }
    instants.push(Date.now() + 1);

    const readAll = async (app: TestApp) => {
      const answers: unknown[] = [];
      for (const at of instants) {
        const response = await call(app.baseUrl, 'GET', path(`/${conversationId}?at=${at}`), { key });
        expect(response.status).toBe(200);
        answers.push(response.body.conversation);
      }
      return answers;
    };
    const before = await readAll(t);
    expect((before.at(-1) as { title: string }).title).toBe(`Title ${SNAPSHOT_EVERY_EVENTS + 29}`);
    const stored = t.app.get<ReadStore>(READ_STORE);
    for (let tries = 0; (await stored.count(FOLD_SNAPSHOT_INDEX_COLLECTION)) === 0 && tries < 100; tries += 1) await sleep(50);
    expect(await stored.count(FOLD_SNAPSHOT_INDEX_COLLECTION)).toBeGreaterThan(0);

    await t.close({ keepData: true });
    t = await startTestApp({}, t.dataDir);
    expect(await t.app.get<ReadStore>(READ_STORE).count(FOLD_SNAPSHOT_INDEX_COLLECTION)).toBeGreaterThan(0);
    const load = jest.spyOn(t.app.get(FoldSnapshotStore), 'load');
    expect(await readAll(t)).toEqual(before);
    // The later instants started from the stored snapshot rather than from the first event.
    const loaded = await Promise.all(load.mock.results.map((result) => result.value as ReturnType<FoldSnapshotStore['load']>));
    expect(loaded.some((fold) => fold !== null && fold.revision >= SNAPSHOT_EVERY_EVENTS - 1)).toBe(true);
  });
});
