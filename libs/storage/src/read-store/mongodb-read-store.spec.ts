import { MongoClient } from 'mongodb';
import { describeReadStoreContract } from '../../test/read-store.contract';
import { mongoFindOf } from './mongodb-read-query';
import { MongoReadStore } from './mongodb-read-store';
import { UnstorableDocumentError, type FindQuery } from './read-store.port';

// Set by docker compose (a single-node replica set, which transactions need); unset means skipped.
const url = process.env.MONGODB_URL;

describeReadStoreContract('MongoReadStore', async () => new MongoReadStore({ url: url ?? '' }), { skip: !url });

describe(`MongoReadStore on a server${url ? '' : ' (skipped: MONGODB_URL unset)'}`, () => {
  const test = url ? it : it.skip;
  const run = `m${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  let store: MongoReadStore;
  let direct: MongoClient;

  if (url) {
    beforeAll(async () => {
      store = new MongoReadStore({ url });
      direct = new MongoClient(url);
      await direct.connect();
    });
    afterAll(async () => {
      for (const name of await store.listCollections()) if (name.startsWith(run)) await store.dropCollection(name);
      await store.close();
      await direct.close();
    });
  }

  test('accepts the server at boot: a replica set of MongoDB 5.0 or later', async () => {
    await expect(store.verifyServer()).resolves.toBeUndefined();
  });

  test('refuses a unit holding an unstorable document and writes nothing of it, checkpoint included', async () => {
    const collection = `${run}_unstorable`;
    await store.ensureCollection({ name: collection, indexes: [] });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 150; level += 1) deep = { a: deep };
    const unit = {
      puts: [
        { collection, id: 'fine', doc: { title: 'ok' } },
        { collection, id: 'deep', doc: { metadata: deep } },
      ],
      deletes: [],
      checkpoint: { name: `${run}_checkpoint`, position: 7 },
    };

    await expect(store.commit(unit)).rejects.toBeInstanceOf(UnstorableDocumentError);
    expect(await store.get(collection, 'fine')).toBeNull();
    expect(await store.getCheckpoint(`${run}_checkpoint`)).toBeNull();
  });

  test('stores the keys MongoDB 5.0+ accepts (nested "$", dots) and reads them back unchanged', async () => {
    const collection = `${run}_keys`;
    const doc = { metadata: { $schema: 'https://example.com/s', 'file.name': 'a.txt', list: [{ $kind: 'x' }] } };
    await store.put(collection, 'k', doc);
    expect(await store.get(collection, 'k')).toStrictEqual(doc);
  });

  test('a compound index serves a filtered, sorted page: no in-memory SORT stage', async () => {
    const collection = `${run}_compound`;
    await store.ensureCollection({
      name: collection,
      indexes: ['workspaceId', 'updated', { equal: ['workspaceId', 'deleted', 'visibility'], sort: [{ field: 'updated', direction: 'desc' }] }],
    });
    const puts = Array.from({ length: 200 }, (_, i) => ({
      collection,
      id: `c${i}`,
      doc: { workspaceId: `w${i % 3}`, deleted: i % 10 === 0, visibility: 'unlisted', updated: i * 7 },
    }));
    await store.commit({ puts, deletes: [] });
    const query: FindQuery = {
      where: { workspaceId: 'w1', deleted: false, visibility: 'unlisted' },
      sort: [{ field: 'updated', direction: 'desc' }],
      limit: 20,
      offset: 20,
    };
    const { filter, sort, skip, limit } = mongoFindOf(query);

    const explained = await direct.db().collection<{ _id: string; [field: string]: unknown }>(collection).find(filter).sort(sort).skip(skip).limit(limit ?? 0).explain('queryPlanner');
    const winning = JSON.stringify(explained.queryPlanner?.winningPlan);

    expect(winning).toContain('workspaceId_1_deleted_1_visibility_1_updated_-1__id_1');
    expect(winning).not.toMatch(/"stage":"SORT"/);
  });
});
