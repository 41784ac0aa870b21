import { SqliteReadStore, type BulkWriter, type ReadStore, type WriteUnit } from '@app/storage';
import { WriteBehindStore } from './write-behind-store';

/** A bulk writer that lands each unit in `store` only when the test says so. */
class HeldWriter implements BulkWriter {
  readonly held: Array<{ unit: WriteUnit; land: () => Promise<void>; fail: (error: Error) => void }> = [];
  closed = false;

  constructor(private readonly store: ReadStore) {}

  write(unit: WriteUnit): Promise<void> {
    return new Promise((resolve, reject) => {
      this.held.push({
        unit,
        land: async () => {
          await this.store.commit(unit);
          resolve();
        },
        fail: reject,
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

const put = (id: string, n: number): WriteUnit => ({ puts: [{ collection: 'things', id, doc: { n } }], deletes: [] });

describe('WriteBehindStore', () => {
  let store: SqliteReadStore;
  let writer: HeldWriter;
  let writeBehind: WriteBehindStore;

  beforeEach(async () => {
    store = new SqliteReadStore({ path: ':memory:' });
    await store.ensureCollection({ name: 'things', indexes: ['n'] });
    writer = new HeldWriter(store);
    writeBehind = new WriteBehindStore(store, writer);
  });
  afterEach(() => store.close());

  it('reads the documents of units still being written from memory, and from the store once they land', async () => {
    await store.put('things', 'old', { n: 0 });
    await writeBehind.commit(put('a', 1));
    expect(await store.get('things', 'a')).toBeNull();
    expect(await writeBehind.get('things', 'a')).toEqual({ n: 1 });
    expect(await writeBehind.getMany('things', ['a', 'old', 'none'])).toEqual(new Map([['a', { n: 1 }], ['old', { n: 0 }]]));
    await writer.held[0]!.land();
    await writeBehind.drain();
    expect(await store.get('things', 'a')).toEqual({ n: 1 });
    expect(await writeBehind.get('things', 'a')).toEqual({ n: 1 });
  });

  it('keeps one unit in flight: the next commit waits for it, and a later unit shadows an earlier one', async () => {
    await writeBehind.commit(put('a', 1));
    let secondReturned = false;
    const second = writeBehind.commit({ puts: [], deletes: [{ collection: 'things', id: 'a' }] }).then(() => (secondReturned = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondReturned).toBe(false);
    // The delete is handed over before the first unit lands: that landing must not expose { n: 1 }.
    expect(await writeBehind.get('things', 'a')).toBeNull();
    await writer.held[0]!.land();
    await second;
    expect(await writeBehind.getMany('things', ['a'])).toEqual(new Map());
    await writer.held[1]!.land();
    await writeBehind.drain();
    expect(await store.get('things', 'a')).toBeNull();
  });

  it('makes queries, checkpoints and direct writes wait until every unit has landed', async () => {
    await writeBehind.commit({ ...put('a', 7), checkpoint: { name: 'cp', position: 3 } });
    const found = writeBehind.find('things', { where: { n: 7 } });
    const checkpoint = writeBehind.getCheckpoint('cp');
    await writer.held[0]!.land();
    expect(await found).toEqual([{ n: 7 }]);
    expect(await checkpoint).toBe(3);
    expect(await writeBehind.count('things')).toBe(1);
  });

  it('after a unit fails, reports the failure and drops every later commit', async () => {
    await writeBehind.commit(put('a', 1));
    writer.held[0]!.fail(new Error('disk full'));
    await writeBehind.drain();
    expect(writeBehind.failure).toEqual({ error: new Error('disk full') });
    await writeBehind.commit(put('b', 2));
    expect(writer.held).toHaveLength(1);
    await writeBehind.close();
    expect(writer.closed).toBe(true);
    expect(await store.count('things')).toBe(0);
  });
});
