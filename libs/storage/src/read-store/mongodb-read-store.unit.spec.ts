import { Db, MongoClient } from 'mongodb';
import { ConfigurationError } from '../environment/environment-variables';
import { MongoReadStore } from './mongodb-read-store';
import { serverProblem } from './mongodb-server-check';
import { UnstorableDocumentError } from './read-store.port';

// Nothing listens on this port: a check that happens before any I/O fails with its own error,
// whereas one that waited for the server would fail with a server selection error instead.
const UNREACHABLE = 'mongodb://127.0.0.1:1/?directConnection=true';
const COLLECTION = 'conversations_v1_g1';

function deeplyNested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

describe('MongoReadStore', () => {
  let store: MongoReadStore;
  beforeEach(() => {
    store = new MongoReadStore({ url: UNREACHABLE, serverSelectionTimeoutMS: 300 });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await store.close();
  });

  describe('refuses a document MongoDB cannot store, with a typed error, before talking to the server', () => {
    it('in put', async () => {
      const error = await store.put(COLLECTION, 'c1', { metadata: deeplyNested(1_000) }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(UnstorableDocumentError);
      expect(error).toMatchObject({ collection: COLLECTION, id: 'c1', reason: expect.stringMatching(/^nested deeper than 100 levels/) });
    });

    it('in commit, naming the document, whatever else the unit holds', async () => {
      const unit = {
        puts: [
          { collection: COLLECTION, id: 'fine', doc: { title: 'ok' } },
          { collection: 'participants_v1_g1', id: 'bad', doc: { $where: 'sleep(1000)' } },
        ],
        deletes: [{ collection: COLLECTION, id: 'gone' }],
        checkpoint: { name: 'projector_g1', position: 42 },
      };
      const error = await store.commit(unit).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(UnstorableDocumentError);
      expect(error).toMatchObject({ collection: 'participants_v1_g1', id: 'bad', reason: 'top-level key "$where" starts with "$"' });
      expect(String(error)).toContain('Document bad of participants_v1_g1 cannot be stored');
    });
  });

  describe('checking the server it connects to', () => {
    function answerHello(hello: Record<string, unknown>): void {
      jest.spyOn(MongoClient.prototype, 'connect').mockImplementation(async function connect(this: MongoClient) {
        return this;
      });
      jest.spyOn(Db.prototype, 'command').mockResolvedValue({ ok: 1, ...hello });
    }

    it('fails verifyServer and every call with a ConfigurationError on a server that is not a replica set', async () => {
      answerHello({ isWritablePrimary: true, maxWireVersion: 25 });

      const refused = await store.verifyServer().catch((caught: unknown) => caught);

      expect(refused).toBeInstanceOf(ConfigurationError);
      expect(String(refused)).toMatch(/MONGODB_URL names a MongoDB server that is not a replica set .*--replSet/);
      await expect(store.getCheckpoint('projector_g1')).rejects.toBeInstanceOf(ConfigurationError);
    });

    it('passes verifyServer on a replica set member', async () => {
      answerHello({ setName: 'rs0', isWritablePrimary: true, maxWireVersion: 25 });
      await expect(store.verifyServer()).resolves.toBeUndefined();
    });

    it('leaves a server that does not answer to later calls instead of failing the boot', async () => {
      await expect(store.verifyServer()).resolves.toBeUndefined();
      const later = await store.getCheckpoint('projector_g1').catch((caught: unknown) => caught);
      expect(later).toBeInstanceOf(Error);
      expect(later).not.toBeInstanceOf(ConfigurationError);
    });
  });
});

describe('serverProblem', () => {
  it('accepts a replica set member and a mongos of MongoDB 5.0 or later', () => {
    expect(serverProblem({ setName: 'rs0', maxWireVersion: 25 })).toBeUndefined();
    expect(serverProblem({ msg: 'isdbgrid', maxWireVersion: 13 })).toBeUndefined();
  });

  it('refuses a standalone server, which cannot run transactions', () => {
    expect(serverProblem({ isWritablePrimary: true, maxWireVersion: 25 })).toMatch(/not a replica set \(its hello answer has no setName\)/);
  });

  it('refuses a server older than 5.0', () => {
    expect(serverProblem({ setName: 'rs0', maxWireVersion: 9 })).toMatch(/older than 5\.0/);
  });
});
