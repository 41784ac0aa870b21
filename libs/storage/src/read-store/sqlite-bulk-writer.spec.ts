import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from './sqlite-read-store';

describe('SqliteReadStore bulk writer', () => {
  let dir: string;
  let store: SqliteReadStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bulk-writer-'));
    store = new SqliteReadStore({ path: join(dir, 'read.sqlite'), backgroundCheckpoints: true });
    await store.ensureCollection({ name: 'things', indexes: ['kind', { equal: ['owner.id'] }] });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not offered for a database in memory, which no second connection can open', async () => {
    const memory = new SqliteReadStore({ path: ':memory:' });
    expect(memory.openBulkWriter()).toBeNull();
    await memory.close();
  });

  it('commits units in order on its own connection: documents, field columns, deletes and checkpoint', async () => {
    await store.put('things', 'gone', { kind: 'x', owner: { id: 'o1' } });
    // Cached by this connection before the writer changes it.
    expect(await store.get('things', 'gone')).toEqual({ kind: 'x', owner: { id: 'o1' } });
    const writer = store.openBulkWriter();
    if (writer === null) throw new Error('a file store has a bulk writer');
    const first = writer.write({ puts: [{ collection: 'things', id: 'a', doc: { kind: 'x', owner: { id: 'o1' } } }], deletes: [] });
    const second = writer.write({
      puts: [{ collection: 'things', id: 'a', doc: { kind: 'y', owner: { id: 'o2' } } }, { collection: 'things', id: 'b', doc: { kind: 'y', owner: { id: 'o2' } } }],
      deletes: [{ collection: 'things', id: 'gone' }],
      checkpoint: { name: 'cp', position: 42 },
    });
    await Promise.all([first, second]);
    expect(await store.get('things', 'a')).toEqual({ kind: 'y', owner: { id: 'o2' } });
    expect(await store.get('things', 'gone')).toBeNull();
    expect(await store.find('things', { where: { 'owner.id': 'o2' }, sort: [{ field: 'kind', direction: 'asc' }] })).toHaveLength(2);
    expect(await store.count('things', { kind: 'x' })).toBe(0);
    expect(await store.getCheckpoint('cp')).toBe(42);
    await writer.close();
  });

  it('after a unit fails, rejects the later ones without writing them, and names refused here reject at once', async () => {
    const writer = store.openBulkWriter();
    if (writer === null) throw new Error('a file store has a bulk writer');
    await expect(writer.write({ puts: [{ collection: 'bad name!', id: 'a', doc: {} }], deletes: [] })).rejects.toThrow();
    const ok = writer.write({ puts: [{ collection: 'things', id: 'a', doc: { kind: 'x' } }], deletes: [] });
    // A table nobody ensured: the writer's connection fails on it (the store itself would create it).
    const failing = writer.write({ puts: [{ collection: 'missing', id: 'b', doc: {} }], deletes: [] });
    const after = writer.write({ puts: [{ collection: 'things', id: 'c', doc: { kind: 'x' } }], deletes: [], checkpoint: { name: 'cp', position: 9 } });
    await expect(ok).resolves.toBeUndefined();
    await expect(failing).rejects.toThrow(/Bulk write failed: .*no such table/);
    await expect(after).rejects.toThrow(/an earlier transaction failed/);
    await expect(writer.write({ puts: [], deletes: [], checkpoint: { name: 'cp', position: 10 } })).rejects.toThrow(/no such table/);
    expect(await store.get('things', 'a')).toEqual({ kind: 'x' });
    expect(await store.get('things', 'c')).toBeNull();
    expect(await store.getCheckpoint('cp')).toBeNull();
    await writer.close();
  });
});
