import type { FindQuery, IndexSpec, ReadDocument, ReadStore } from '../src/read-store/read-store.port';

/** What the query cases borrow from the enclosing ReadStore contract suite. */
export interface ReadStoreContractContext {
  readonly test: jest.It;
  /** The store under test, opened before the cases run. */
  readonly current: () => ReadStore;
  /** A fresh collection, ensured with these indexes and dropped after the suite. */
  readonly ensured: (indexes?: IndexSpec[]) => Promise<string>;
}

/** The query cases of the ReadStore contract: find (filters, sorts, pages) and count. */
export function describeReadStoreQueries({ test, current, ensured }: ReadStoreContractContext): void {
  const keysOf = (docs: ReadDocument[]): unknown[] => docs.map((doc) => doc.key);

  test('find filters on equality, { in }, several fields and dotted paths', async () => {
    const store = current();
    const c = await ensured(['status', 'owner.id', 'rank']);
    await store.put(c, '1', { key: 1, status: 'open', owner: { id: 'u1' }, rank: 1 });
    await store.put(c, '2', { key: 2, status: 'closed', owner: { id: 'u1' }, rank: 2 });
    await store.put(c, '3', { key: 3, status: 'open', owner: { id: 'u2' }, rank: 2 });
    await store.put(c, '4', { key: 4, status: 'draft', owner: { id: 'u2' }, rank: '2' });
    await store.put(c, '5', { key: 5, status: { state: 'open' } });
    const byKey = [{ field: 'key', direction: 'asc' as const }];
    expect(keysOf(await store.find(c, { where: { status: 'open' }, sort: byKey }))).toStrictEqual([1, 3]);
    expect(keysOf(await store.find(c, { where: { 'owner.id': 'u2' }, sort: byKey }))).toStrictEqual([3, 4]);
    expect(keysOf(await store.find(c, { where: { status: { in: ['closed', 'draft'] } }, sort: byKey }))).toStrictEqual([2, 4]);
    expect(keysOf(await store.find(c, { where: { status: 'open', 'owner.id': 'u1' } }))).toStrictEqual([1]);
    // A number never equals the string spelling it, and back.
    expect(keysOf(await store.find(c, { where: { rank: 2 }, sort: byKey }))).toStrictEqual([2, 3]);
    expect(keysOf(await store.find(c, { where: { rank: '2' } }))).toStrictEqual([4]);
    expect(keysOf(await store.find(c, { where: { rank: { in: [1, '2'] } }, sort: byKey }))).toStrictEqual([1, 4]);
    expect(await store.find(c, { where: { status: { in: [] } } })).toStrictEqual([]);
    expect(await store.find(c, { where: { status: 'missing' } })).toStrictEqual([]);
    // An object never equals a string, even one spelling its JSON.
    expect(await store.find(c, { where: { status: '{"state":"open"}' } })).toStrictEqual([]);
    expect(await store.find(c, { where: { status: { in: ['{"state":"open"}'] } } })).toStrictEqual([]);
    expect(keysOf(await store.find(c, { where: { 'status.state': 'open' } }))).toStrictEqual([5]);
  });

  test('find on booleans and null is type-exact; null also matches a missing field', async () => {
    const store = current();
    const c = await ensured(['flag']);
    await store.put(c, '1', { key: 1, flag: true });
    await store.put(c, '2', { key: 2, flag: false });
    await store.put(c, '3', { key: 3, flag: 1 });
    await store.put(c, '4', { key: 4, flag: 0 });
    await store.put(c, '5', { key: 5, flag: null });
    await store.put(c, '6', { key: 6 });
    await store.put(c, '7', { key: 7, flag: '' });
    await store.put(c, '8', { key: 8, flag: 'true' });
    const byKey = [{ field: 'key', direction: 'asc' as const }];
    expect(keysOf(await store.find(c, { where: { flag: true } }))).toStrictEqual([1]);
    expect(keysOf(await store.find(c, { where: { flag: false } }))).toStrictEqual([2]);
    expect(keysOf(await store.find(c, { where: { flag: 1 } }))).toStrictEqual([3]);
    expect(keysOf(await store.find(c, { where: { flag: 0 } }))).toStrictEqual([4]);
    expect(keysOf(await store.find(c, { where: { flag: null }, sort: byKey }))).toStrictEqual([5, 6]);
    expect(keysOf(await store.find(c, { where: { flag: { in: [true, null] } }, sort: byKey }))).toStrictEqual([1, 5, 6]);
    expect(keysOf(await store.find(c, { where: { flag: { in: [false, 0, ''] } }, sort: byKey }))).toStrictEqual([2, 4, 7]);
    expect(await store.count(c, { flag: true })).toBe(1);
    expect(await store.count(c, { flag: null })).toBe(2);
  });

  test('sorts ascending, descending and on two fields, ties by id', async () => {
    const store = current();
    const c = await ensured(['group', 'n']);
    const rows: Array<[string, ReadDocument]> = [
      ['d', { key: 'd', group: 'b', n: 1 }],
      ['a', { key: 'a', group: 'a', n: 2 }],
      ['c', { key: 'c', group: 'b', n: 3 }],
      ['b', { key: 'b', group: 'a', n: 10 }],
      ['e', { key: 'e', group: 'a', n: 2 }],
    ];
    for (const [id, doc] of rows) await store.put(c, id, doc);
    expect(keysOf(await store.find(c, { sort: [{ field: 'n', direction: 'asc' }] }))).toStrictEqual(['d', 'a', 'e', 'c', 'b']);
    expect(keysOf(await store.find(c, { sort: [{ field: 'n', direction: 'desc' }] }))).toStrictEqual(['b', 'c', 'a', 'e', 'd']);
    const twoFields = await store.find(c, {
      sort: [
        { field: 'group', direction: 'asc' },
        { field: 'n', direction: 'desc' },
      ],
    });
    expect(keysOf(twoFields)).toStrictEqual(['b', 'a', 'e', 'c', 'd']);
    expect(keysOf(await store.find(c))).toStrictEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('sorts null and missing values first ascending, last descending', async () => {
    const store = current();
    const c = await ensured(['n']);
    await store.put(c, 'a', { key: 'a', n: 5 });
    await store.put(c, 'b', { key: 'b', n: null });
    await store.put(c, 'c', { key: 'c' });
    await store.put(c, 'd', { key: 'd', n: -1 });
    expect(keysOf(await store.find(c, { sort: [{ field: 'n', direction: 'asc' }] }))).toStrictEqual(['b', 'c', 'd', 'a']);
    expect(keysOf(await store.find(c, { sort: [{ field: 'n', direction: 'desc' }] }))).toStrictEqual(['a', 'd', 'b', 'c']);
  });

  test('limit and offset pages are disjoint and cover everything, even across ties', async () => {
    const store = current();
    const c = await ensured(['tier']);
    const ids = Array.from({ length: 25 }, (_, i) => `doc${String(i).padStart(2, '0')}`);
    const unit = ids.map((id, i) => ({ collection: c, id, doc: { key: id, tier: i % 3 } }));
    await store.commit({ puts: unit, deletes: [] });
    const sort = [{ field: 'tier', direction: 'asc' as const }];
    const pages: unknown[][] = [];
    for (let offset = 0; offset < 30; offset += 10) pages.push(keysOf(await store.find(c, { sort, limit: 10, offset })));
    expect(pages.map((page) => page.length)).toStrictEqual([10, 10, 5]);
    const all = keysOf(await store.find(c, { sort }));
    expect(pages.flat()).toStrictEqual(all);
    expect([...new Set(pages.flat())].sort()).toStrictEqual(ids);
    expect(keysOf(await store.find(c, { sort, offset: 23 }))).toStrictEqual(all.slice(23));
    expect(await store.find(c, { sort, limit: 0 })).toStrictEqual([]);
  });

  test('count counts everything or what matches', async () => {
    const store = current();
    const c = await ensured(['kind']);
    await store.put(c, 'a', { kind: 'x' });
    await store.put(c, 'b', { kind: 'y' });
    await store.put(c, 'c', { kind: 'x' });
    expect(await store.count(c)).toBe(3);
    expect(await store.count(c, { kind: 'x' })).toBe(2);
    expect(await store.count(c, { kind: { in: ['y', 'z'] } })).toBe(1);
    expect(await store.count(c, { kind: 'z' })).toBe(0);
  });

  test('a compound index changes no result: filters, sorts with ties and nulls, pages', async () => {
    const store = current();
    const plain = await ensured(['group']);
    const indexed = await ensured([{ equal: ['group', 'live'], sort: [{ field: 'n', direction: 'desc' }] }, { equal: ['group'] }]);
    const docs = Array.from({ length: 40 }, (_, i): ReadDocument => {
      const doc: ReadDocument = { key: `k${String(i).padStart(2, '0')}`, group: i % 3 === 0 ? 'a' : 'b', live: i % 5 !== 0 };
      if (i % 7 !== 0) doc.n = i % 4;
      else if (i % 2 === 0) doc.n = null;
      return doc;
    });
    for (const c of [plain, indexed]) {
      await store.commit({ puts: docs.map((doc) => ({ collection: c, id: String(doc.key), doc })), deletes: [] });
    }
    const byN: FindQuery['sort'] = [{ field: 'n', direction: 'desc' }];
    const queries: FindQuery[] = [
      { where: { group: 'b', live: true }, sort: byN },
      { where: { group: 'b', live: true }, sort: byN, limit: 7, offset: 7 },
      { where: { group: { in: ['a', 'b'] }, live: false }, sort: byN },
      { where: { group: 'a' } },
      { where: { group: 'a' }, limit: 3, offset: 2 },
    ];
    for (const query of queries) {
      expect(keysOf(await store.find(indexed, query))).toStrictEqual(keysOf(await store.find(plain, query)));
    }
    const firstPage = keysOf(await store.find(indexed, { where: { group: 'b', live: true }, sort: byN, limit: 4 }));
    expect(firstPage).toStrictEqual(['k11', 'k19', 'k23', 'k31']);
  });
}
