import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReadStoreContract } from '../../test/read-store.contract';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(join(tmpdir(), 'read-store-'));
let files = 0;
const freshPath = (): string => join(dir, `store-${++files}.sqlite`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeReadStoreContract('SqliteReadStore (file)', async () => new SqliteReadStore({ path: freshPath() }));
describeReadStoreContract('SqliteReadStore (:memory:)', async () => new SqliteReadStore({ path: ':memory:' }));

describe('SqliteReadStore on a file', () => {
  const collection = { name: 'conversations_v1_g1', indexes: ['workspaceId'] };

  it('keeps committed documents and checkpoint across close and reopen', async () => {
    const path = freshPath();
    const first = new SqliteReadStore({ path });
    await first.ensureCollection(collection);
    await first.commit({
      puts: [{ collection: collection.name, id: 'c1', doc: { workspaceId: 'w1', title: 'hello' } }],
      deletes: [],
      checkpoint: { name: 'projector', position: 17 },
    });
    await first.close();

    const reopened = new SqliteReadStore({ path });
    expect(await reopened.get(collection.name, 'c1')).toStrictEqual({ workspaceId: 'w1', title: 'hello' });
    expect(await reopened.find(collection.name, { where: { workspaceId: 'w1' } })).toStrictEqual([
      { workspaceId: 'w1', title: 'hello' },
    ]);
    expect(await reopened.getCheckpoint('projector')).toBe(17);
    expect(await reopened.listCollections()).toStrictEqual([collection.name]);
    await reopened.close();
  });

  it('lets a second instance on the same file see committed writes', async () => {
    const path = freshPath();
    const writer = new SqliteReadStore({ path });
    const reader = new SqliteReadStore({ path });
    await writer.ensureCollection(collection);
    expect(await reader.get(collection.name, 'c1')).toBeNull();
    await writer.commit({
      puts: [{ collection: collection.name, id: 'c1', doc: { workspaceId: 'w1' } }],
      deletes: [],
      checkpoint: { name: 'projector', position: 3 },
    });
    expect(await reader.get(collection.name, 'c1')).toStrictEqual({ workspaceId: 'w1' });
    expect(await reader.count(collection.name, { workspaceId: 'w1' })).toBe(1);
    expect(await reader.getCheckpoint('projector')).toBe(3);
    await writer.dropCollection(collection.name);
    expect(await reader.get(collection.name, 'c1')).toBeNull();
    await Promise.all([writer.close(), reader.close()]);
  });

  it('answers ping false once closed', async () => {
    const store = new SqliteReadStore({ path: freshPath() });
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
  });
});
