import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReadStoreContract } from '../../test/read-store.contract';
import type { FindQuery, IndexSpec } from './read-store.port';
import { fieldColumnsOf } from './sqlite-field-columns';
import { findStatement } from './sqlite-read-query';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(join(tmpdir(), 'read-store-'));
let files = 0;
const freshPath = (): string => join(dir, `store-${++files}.sqlite`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeReadStoreContract('SqliteReadStore (file)', async () => new SqliteReadStore({ path: freshPath() }));
describeReadStoreContract('SqliteReadStore (:memory:)', async () => new SqliteReadStore({ path: ':memory:' }));
describeReadStoreContract('SqliteReadStore (no read cache)', async () => new SqliteReadStore({ path: freshPath(), cache: { maxChars: 0, maxDocumentsPerAnswer: 0 } }));

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

  it('lets one of two connections win a putIf claim of nothing, and shows the winner to the other', async () => {
    const path = freshPath();
    const [first, second] = [new SqliteReadStore({ path }), new SqliteReadStore({ path })];
    await first.ensureCollection({ name: 'projector_meta', indexes: [] });
    expect(await second.get('projector_meta', 'lease')).toBeNull();
    expect(await first.putIf('projector_meta', 'lease', { holder: 'first' }, null)).toBe(true);
    // The second connection's read cache remembers no lease; the claim must not trust it.
    expect(await second.putIf('projector_meta', 'lease', { holder: 'second' }, null)).toBe(false);
    expect(await second.get('projector_meta', 'lease')).toStrictEqual({ holder: 'first' });
    expect(await second.putIf('projector_meta', 'lease', { holder: 'second' }, { field: 'holder', equals: 'first' })).toBe(true);
    expect(await first.get('projector_meta', 'lease')).toStrictEqual({ holder: 'second' });
    await Promise.all([first.close(), second.close()]);
  });

  it('answers ping false once closed', async () => {
    const store = new SqliteReadStore({ path: freshPath() });
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
  });
});

describe('SqliteReadStore compound indexes', () => {
  const listPage: FindQuery = {
    where: { workspaceId: 'w1', deleted: false, visibility: 'unlisted' },
    sort: [{ field: 'updated', direction: 'desc' }],
    limit: 20,
    offset: 40,
  };

  /** The query plan SQLite picks for `query` on a collection with `indexes` and some rows. */
  async function planOf(indexes: IndexSpec[], query: FindQuery): Promise<string[]> {
    const path = freshPath();
    const store = new SqliteReadStore({ path });
    await store.ensureCollection({ name: 'conversations_v1_g1', indexes });
    const puts = Array.from({ length: 300 }, (_, i) => ({
      collection: 'conversations_v1_g1',
      id: `c${i}`,
      doc: { workspaceId: `w${i % 3}`, deleted: i % 10 === 0, visibility: 'unlisted', updated: i * 7 },
    }));
    await store.commit({ puts, deletes: [] });
    await store.close();
    const db = new DatabaseSync(path);
    try {
      const { sql, params } = findStatement('rm_conversations_v1_g1', query, Date.now(), fieldColumnsOf(db, 'rm_conversations_v1_g1'));
      return db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params).map((row) => String(row.detail));
    } finally {
      db.close();
    }
  }

  it('reads a filtered, sorted page in index order: no temporary b-tree for the ORDER BY', async () => {
    const compound: IndexSpec = { equal: ['workspaceId', 'deleted', 'visibility'], sort: [{ field: 'updated', direction: 'desc' }] };
    const plan = await planOf(['workspaceId', 'updated', compound], listPage);
    expect(plan.join('\n')).toContain('USING INDEX rm_conversations_v1_g1.workspaceId,deleted,visibility,updated desc,id');
    expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  });

  it('ends a compound index with the id, so a filter without a sort needs no sort either', async () => {
    const plan = await planOf([{ equal: ['workspaceId'] }], { where: { workspaceId: 'w1' } });
    expect(plan.join('\n')).toContain('USING INDEX rm_conversations_v1_g1.workspaceId,id');
    expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  });

  it('sorts in a temporary b-tree with field indexes alone (what the compound index saves)', async () => {
    const plan = await planOf(['workspaceId', 'updated', 'deleted'], listPage);
    expect(plan.join('\n')).toContain('TEMP B-TREE');
  });
});
