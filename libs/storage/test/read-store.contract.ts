import type { IndexSpec, ReadDocument, ReadStore } from '../src/read-store/read-store.port';
import { describeReadStoreQueries } from './read-store-queries.contract';

/**
 * The behaviour every ReadStore adapter must show. Each test uses its own collections and
 * checkpoint names, so the suite can run against a shared server; it drops what it created.
 */
export function describeReadStoreContract(
  name: string,
  factory: () => Promise<ReadStore>,
  options: { skip?: boolean } = {},
): void {
  // Skipped tests are still registered, so a run without the server reports them as skipped.
  const test = options.skip ? it.skip : it;

  describe(`ReadStore contract: ${name}`, () => {
    const run = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const created: string[] = [];
    let counter = 0;
    let store: ReadStore;

    /** A collection name no other test (or other run on the same server) uses. */
    const fresh = (): string => {
      const collection = `${run}_${++counter}`;
      created.push(collection);
      return collection;
    };
    const ensured = async (indexes: IndexSpec[] = []): Promise<string> => {
      const collection = fresh();
      await store.ensureCollection({ name: collection, indexes });
      return collection;
    };
    const keysOf = (docs: ReadDocument[]): unknown[] => docs.map((doc) => doc.key);

    if (!options.skip) {
      beforeAll(async () => {
        store = await factory();
      });
      afterAll(async () => {
        for (const collection of created) await store.dropCollection(collection);
        await store.close();
      });
    }

    test('round-trips nested JSON, unicode, numbers, booleans and null, then deletes', async () => {
      const c = await ensured();
      const doc = {
        title: 'Café 日本語 🚀 e\u0301 "quoted" \\ back\nline',
        numbers: { zero: 0, negative: -42, float: 3.25, big: Number.MAX_SAFE_INTEGER, tiny: 1e-9 },
        flags: { yes: true, no: false },
        nothing: null,
        list: [1, 'two', { three: [3] }, null, true],
        empty: { object: {}, array: [] },
      };
      await store.put(c, 'a', doc);
      expect(await store.get(c, 'a')).toStrictEqual(doc);
      await store.delete(c, 'a');
      expect(await store.get(c, 'a')).toBeNull();
      await expect(store.delete(c, 'a')).resolves.toBeUndefined();
    });

    test('answers null for a missing id and empty for a collection never created', async () => {
      const c = await ensured();
      await store.put(c, 'present', { v: 1 });
      expect(await store.get(c, 'absent')).toBeNull();
      const never = fresh();
      expect(await store.get(never, 'x')).toBeNull();
      expect(await store.getMany(never, ['x'])).toStrictEqual(new Map());
      expect(await store.find(never, { where: { v: 1 }, sort: [{ field: 'v', direction: 'asc' }] })).toStrictEqual([]);
      expect(await store.count(never)).toBe(0);
    });

    test('getMany returns exactly the ids that exist', async () => {
      const c = await ensured();
      await store.put(c, 'a', { key: 'a' });
      await store.put(c, 'b', { key: 'b' });
      await store.put(c, 'c', { key: 'c' });
      const found = await store.getMany(c, ['c', 'missing', 'a']);
      expect([...found.entries()].sort(([x], [y]) => x.localeCompare(y))).toStrictEqual([
        ['a', { key: 'a' }],
        ['c', { key: 'c' }],
      ]);
      expect(await store.getMany(c, [])).toStrictEqual(new Map());
    });

    test('put replaces the whole document', async () => {
      const c = await ensured();
      await store.put(c, 'a', { kept: 1, dropped: 2 });
      await store.put(c, 'a', { kept: 3 });
      expect(await store.get(c, 'a')).toStrictEqual({ kept: 3 });
      expect(await store.count(c)).toBe(1);
    });

    describeReadStoreQueries({ test, current: () => store, ensured });

    test('a commit unit lands documents, deletes and checkpoint together', async () => {
      const [c1, c2] = [await ensured(), await ensured()];
      const checkpoint = `${run}_cp_commit`;
      await store.put(c1, 'old', { v: 0 });
      await store.commit({
        puts: [
          { collection: c1, id: 'a', doc: { v: 1 } },
          { collection: c2, id: 'b', doc: { v: 2 } },
        ],
        deletes: [{ collection: c1, id: 'old' }],
        checkpoint: { name: checkpoint, position: 42 },
      });
      expect(await store.get(c1, 'a')).toStrictEqual({ v: 1 });
      expect(await store.get(c2, 'b')).toStrictEqual({ v: 2 });
      expect(await store.get(c1, 'old')).toBeNull();
      expect(await store.getCheckpoint(checkpoint)).toBe(42);
    });

    test('a unit that fails part-way changes neither documents nor checkpoint', async () => {
      const c = await ensured();
      const checkpoint = `${run}_cp_fail`;
      await store.commit({ puts: [{ collection: c, id: 'a', doc: { v: 1 } }], deletes: [], checkpoint: { name: checkpoint, position: 5 } });
      // Valid writes come first, so the adapter has already applied them when the bad one throws.
      const badName = store.commit({
        puts: [
          { collection: c, id: 'a', doc: { v: 2 } },
          { collection: c, id: 'b', doc: { v: 3 } },
          { collection: 'Not A Valid Name', id: 'c', doc: { v: 4 } },
        ],
        deletes: [],
        checkpoint: { name: checkpoint, position: 6 },
      });
      await expect(badName).rejects.toThrow();
      const circular: ReadDocument = { v: 5 };
      circular.self = circular;
      const badDocument = store.commit({
        puts: [
          { collection: c, id: 'b', doc: { v: 3 } },
          { collection: c, id: 'c', doc: circular },
        ],
        deletes: [{ collection: c, id: 'a' }],
        checkpoint: { name: checkpoint, position: 7 },
      });
      await expect(badDocument).rejects.toThrow();
      const badDelete = store.commit({
        puts: [{ collection: c, id: 'b', doc: { v: 3 } }],
        deletes: [{ collection: c, id: 'a' }, { collection: 'checkpoints', id: 'x' }],
        checkpoint: { name: checkpoint, position: 8 },
      });
      await expect(badDelete).rejects.toThrow();
      expect(await store.find(c)).toStrictEqual([{ v: 1 }]);
      expect(await store.getCheckpoint(checkpoint)).toBe(5);
    });

    test('a checkpoint is null until committed, then advances', async () => {
      const checkpoint = `${run}_cp_advance`;
      expect(await store.getCheckpoint(checkpoint)).toBeNull();
      await store.commit({ puts: [], deletes: [], checkpoint: { name: checkpoint, position: 10 } });
      expect(await store.getCheckpoint(checkpoint)).toBe(10);
      await store.commit({ puts: [], deletes: [], checkpoint: { name: checkpoint, position: 1_234_567_890_123 } });
      expect(await store.getCheckpoint(checkpoint)).toBe(1_234_567_890_123);
      expect(await store.getCheckpoint(`${run}_cp_other`)).toBeNull();
    });

    test('expired documents never read back; future ones do', async () => {
      const c = await ensured(['kind']);
      const past = Date.now() - 1_000;
      const future = Date.now() + 3_600_000;
      await store.put(c, 'gone', { kind: 'x', key: 'gone' }, { expiresAt: past });
      await store.put(c, 'live', { kind: 'x', key: 'live' }, { expiresAt: future });
      await store.put(c, 'forever', { kind: 'x', key: 'forever' });
      await store.commit({ puts: [{ collection: c, id: 'gone2', doc: { kind: 'x' }, expiresAt: past }], deletes: [] });
      expect(await store.get(c, 'gone')).toBeNull();
      expect(await store.get(c, 'gone2')).toBeNull();
      expect(await store.get(c, 'live')).toStrictEqual({ kind: 'x', key: 'live' });
      expect([...(await store.getMany(c, ['gone', 'live', 'forever'])).keys()].sort()).toStrictEqual(['forever', 'live']);
      expect(keysOf(await store.find(c, { where: { kind: 'x' } }))).toStrictEqual(['forever', 'live']);
      expect(await store.count(c)).toBe(2);
      expect(await store.count(c, { kind: 'x' })).toBe(2);
      // Putting again without an expiry revives the id for good.
      await store.put(c, 'gone', { kind: 'y' });
      expect(await store.get(c, 'gone')).toStrictEqual({ kind: 'y' });
    });

    test('putIf writes only over what it expects: nothing (or an expired document), or a field it names', async () => {
      const c = await ensured(['holder']);
      expect(await store.putIf(c, 'lease', { holder: 'a', n: 1 }, null)).toBe(true);
      expect(await store.putIf(c, 'lease', { holder: 'b' }, null)).toBe(false);
      expect(await store.putIf(c, 'lease', { holder: 'b' }, { field: 'holder', equals: 'b' })).toBe(false);
      expect(await store.get(c, 'lease')).toStrictEqual({ holder: 'a', n: 1 });
      expect(await store.putIf(c, 'lease', { holder: 'a', n: 2 }, { field: 'holder', equals: 'a' }, { expiresAt: Date.now() + 60_000 })).toBe(true);
      expect(await store.get(c, 'lease')).toStrictEqual({ holder: 'a', n: 2 });
      expect(await store.count(c, { holder: 'a' })).toBe(1);
      // Once expired, the document counts as none: its field no longer matches, and a claim of nothing wins.
      expect(await store.putIf(c, 'lease', { holder: 'a', n: 3 }, { field: 'holder', equals: 'a' }, { expiresAt: Date.now() - 1 })).toBe(true);
      expect(await store.putIf(c, 'lease', { holder: 'a', n: 4 }, { field: 'holder', equals: 'a' })).toBe(false);
      expect(await store.putIf(c, 'lease', { holder: 'b', n: 5 }, null)).toBe(true);
      expect(await store.get(c, 'lease')).toStrictEqual({ holder: 'b', n: 5 });
      // A number or a boolean compares by type and value.
      expect(await store.putIf(c, 'n', { v: 1 }, null)).toBe(true);
      expect(await store.putIf(c, 'n', { v: 2 }, { field: 'v', equals: '1' })).toBe(false);
      expect(await store.putIf(c, 'n', { v: 2 }, { field: 'v', equals: 1 })).toBe(true);
      // A collection nobody ensured is created, as put does.
      const never = fresh();
      expect(await store.putIf(never, 'x', { v: 1 }, null)).toBe(true);
      expect(await store.get(never, 'x')).toStrictEqual({ v: 1 });
      await expect(store.putIf(c, 'n', { v: 3 }, { field: 'v.nested', equals: 2 })).rejects.toThrow();
      await expect(store.putIf(c, 'n', { v: 3 }, { field: '_id', equals: 'n' })).rejects.toThrow();
    });

    test('putIf lets one of many concurrent claims of nothing win', async () => {
      const c = await ensured();
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => store.putIf(c, 'claim', { holder: `h${i}` }, null)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.get(c, 'claim')).toStrictEqual({ holder: `h${claims.indexOf(true)}` });
    });

    test('dropCollection removes the data and the listing', async () => {
      const c = await ensured(['kind']);
      await store.put(c, 'a', { kind: 'x' });
      await store.dropCollection(c);
      expect(await store.get(c, 'a')).toBeNull();
      expect(await store.count(c)).toBe(0);
      expect(await store.listCollections()).not.toContain(c);
      await expect(store.dropCollection(c)).resolves.toBeUndefined();
    });

    test('listCollections shows ensured collections and no internal ones', async () => {
      const [c1, c2] = [await ensured(), await ensured(['a'])];
      const listed = await store.listCollections();
      expect(listed).toEqual(expect.arrayContaining([c1, c2]));
      expect(listed).not.toContain('checkpoints');
    });

    test('ensureCollection is idempotent and keeps the data', async () => {
      const c = await ensured(['kind']);
      await store.put(c, 'a', { kind: 'x' });
      await store.ensureCollection({ name: c, indexes: ['kind'] });
      await store.ensureCollection({ name: c, indexes: ['kind', 'other.path'] });
      const compound: IndexSpec = { equal: ['kind'], sort: [{ field: 'other.path', direction: 'desc' }] };
      await store.ensureCollection({ name: c, indexes: ['kind', compound] });
      await store.ensureCollection({ name: c, indexes: ['kind', compound] });
      expect(await store.get(c, 'a')).toStrictEqual({ kind: 'x' });
      expect(await store.count(c, { kind: 'x' })).toBe(1);
      expect((await store.listCollections()).filter((name) => name === c)).toStrictEqual([c]);
    });

    test('rejects unsafe collection names and field paths', async () => {
      const c = await ensured();
      await expect(store.ensureCollection({ name: 'Bad-Name', indexes: [] })).rejects.toThrow();
      await expect(store.ensureCollection({ name: 'checkpoints', indexes: [] })).rejects.toThrow();
      await expect(store.ensureCollection({ name: fresh(), indexes: ["x') --"] })).rejects.toThrow();
      await expect(store.ensureCollection({ name: fresh(), indexes: [{ equal: ['ok', "x') --"] }] })).rejects.toThrow();
      const badDirection = JSON.parse('{"equal":["ok"],"sort":[{"field":"n","direction":"sideways"}]}');
      await expect(store.ensureCollection({ name: fresh(), indexes: [badDirection] })).rejects.toThrow();
      await expect(store.put('x"; DROP TABLE y; --', 'a', {})).rejects.toThrow();
      await expect(store.find(c, { where: { "a') OR 1=1 --": 1 } })).rejects.toThrow();
      await expect(store.find(c, { sort: [{ field: '$where', direction: 'asc' }] })).rejects.toThrow();
    });

    test('ping answers true', async () => {
      expect(await store.ping()).toBe(true);
    });
  });
}
