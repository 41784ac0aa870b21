import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadDocument } from './read-store.port';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(join(tmpdir(), 'table-layouts-'));
let files = 0;
const freshPath = (): string => join(dir, `store-${++files}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INDEXES = ['workspaceId', 'kind', 'updated', 'flag', 'owner.id'];

async function openStore(path: string): Promise<SqliteReadStore> {
  const store = new SqliteReadStore({ path });
  await store.ensureCollection({ name: 'items', indexes: INDEXES });
  return store;
}

/** The field columns of a row as stored, beside its document. */
function columnsOf(path: string, id: string): Record<string, unknown> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = db.prepare('SELECT * FROM "rm_items" WHERE id = ?').get(id) ?? {};
    return Object.fromEntries(Object.entries(row).filter(([name]) => name.startsWith('$.')));
  } finally {
    db.close();
  }
}

describe('SqliteReadStore writes given the previous document', () => {
  const item = (n: number, changes: Partial<ReadDocument> = {}): ReadDocument => ({ workspaceId: 'w1', kind: 'note', updated: n, flag: true, owner: { id: 'u1' }, body: `v${n}`, ...changes });

  it('writes far fewer WAL frames when only a few indexed fields change', async () => {
    const walBytes = async (withPrevious: boolean): Promise<number> => {
      const path = freshPath();
      const store = await openStore(path);
      const ids = Array.from({ length: 2000 }, (_, i) => `item${String(i).padStart(4, '0')}`);
      await store.commit({ puts: ids.map((id) => ({ collection: 'items', id, doc: item(1) })), deletes: [] });
      const before = statSync(`${path}-wal`).size;
      const chosen = ids.filter((_, i) => i % 400 === 0);
      await store.commit({ puts: chosen.map((id) => ({ collection: 'items', id, doc: item(2), previous: withPrevious ? item(1) : undefined })), deletes: [] });
      const written = statSync(`${path}-wal`).size - before;
      await store.close();
      return written;
    };
    const full = await walBytes(false);
    const changedOnly = await walBytes(true);
    // Every column set: the table and its six indexes; changed ones: the table and `updated`'s index.
    expect(changedOnly).toBeLessThan(full / 2);
  });

  it('keeps every column equal to the document, whatever changed', async () => {
    const path = freshPath();
    const store = await openStore(path);
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(1) }], deletes: [] });
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(2, { owner: { id: 'u2' } }), previous: item(1) }], deletes: [] });
    expect(columnsOf(path, 'a')).toEqual({ '$.workspaceId': 'w1', '$.kind': 'note', '$.updated': 2, '$.flag': 1, '$.owner.id': 'u2' });
    expect(await store.find('items', { where: { 'owner.id': 'u2' } })).toEqual([item(2, { owner: { id: 'u2' } })]);
    expect(await store.find('items', { where: { 'owner.id': 'u1' } })).toEqual([]);
    await store.close();
  });

  it('writes the whole row when the stored one is not what the writer read (another writer, or none)', async () => {
    const path = freshPath();
    const store = await openStore(path);
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(1) }], deletes: [] });
    // Another writer moved the row on since this one read it.
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(5, { kind: 'task' }) }], deletes: [] });
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(2), previous: item(1) }], deletes: [] });
    expect(columnsOf(path, 'a')).toEqual({ '$.workspaceId': 'w1', '$.kind': 'note', '$.updated': 2, '$.flag': 1, '$.owner.id': 'u1' });
    expect(await store.find('items', { where: { kind: 'task' } })).toEqual([]);
    // A previous document for a row that is not there: the row is inserted.
    await store.commit({ puts: [{ collection: 'items', id: 'b', doc: item(3), previous: item(1) }], deletes: [] });
    expect(await store.get('items', 'b')).toEqual(item(3));
    expect(columnsOf(path, 'b')).toEqual({ '$.workspaceId': 'w1', '$.kind': 'note', '$.updated': 3, '$.flag': 1, '$.owner.id': 'u1' });
    await store.close();
  });

  it('writes the whole row when the expiry changed', async () => {
    const path = freshPath();
    const store = await openStore(path);
    const later = Date.now() + 60_000;
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(1), expiresAt: later }], deletes: [] });
    await store.commit({ puts: [{ collection: 'items', id: 'a', doc: item(2), previous: item(1) }], deletes: [] });
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('SELECT expires_at FROM "rm_items" WHERE id = ?').get('a')?.expires_at).toBeNull();
    db.close();
    expect(await store.get('items', 'a')).toEqual(item(2));
    await store.close();
  });
});
