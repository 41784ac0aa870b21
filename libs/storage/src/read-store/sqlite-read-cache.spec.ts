import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInReadScope } from './read-scope';
import { SqliteReadCache } from './sqlite-read-cache';
import { SqliteReadStore } from './sqlite-read-store';
import { tableOf } from './sqlite-read-tables';

const dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
let files = 0;
const freshPath = (): string => join(dir, `store-${++files}.sqlite`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const collection = { name: 'things_v1_g1', indexes: ['kind'] };

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteReadStore cache', () => {
  const open: SqliteReadStore[] = [];
  async function store(path = freshPath(), maxChars?: number): Promise<SqliteReadStore> {
    const opened = new SqliteReadStore({ path, ...(maxChars === undefined ? {} : { cache: { maxChars, maxDocumentsPerAnswer: 1_000 } }) });
    await opened.ensureCollection(collection);
    open.push(opened);
    return opened;
  }
  afterEach(async () => {
    for (const opened of open.splice(0)) await opened.close();
  });
  /** A reader and a writer on one file, `a` written as n = 1. */
  async function twoConnections(): Promise<{ reader: SqliteReadStore; writer: SqliteReadStore }> {
    const path = freshPath();
    const reader = await store(path);
    const writer = await store(path);
    await writer.put(collection.name, 'a', { kind: 'x', n: 1 });
    return { reader, writer };
  }

  it('answers a repeated read from the cache: the very same (frozen) value', async () => {
    const s = await store();
    await s.put(collection.name, 'a', { kind: 'x', tags: ['t'] });
    const first = await s.get<{ kind: string; tags: string[] }>(collection.name, 'a');
    expect(await s.get(collection.name, 'a')).toBe(first);
    const found = await s.find(collection.name, { where: { kind: 'x' } });
    expect(await s.find(collection.name, { where: { kind: 'x' } })).toBe(found);
    expect(() => {
      first!.tags.push('changed');
    }).toThrow(TypeError);
    expect(await s.get(collection.name, 'a')).toStrictEqual({ kind: 'x', tags: ['t'] });
  });

  it("sees this process's own writes at once: put, delete, commit, drop", async () => {
    const s = await store();
    await s.put(collection.name, 'a', { kind: 'x', n: 1 });
    expect(await s.find(collection.name, { where: { kind: 'x' } })).toHaveLength(1);
    expect(await s.get(collection.name, 'b')).toBeNull();
    await s.put(collection.name, 'b', { kind: 'x', n: 2 });
    expect(await s.get(collection.name, 'b')).toStrictEqual({ kind: 'x', n: 2 });
    expect(await s.find(collection.name, { where: { kind: 'x' } })).toHaveLength(2);
    await s.commit({ puts: [{ collection: collection.name, id: 'a', doc: { kind: 'y', n: 3 } }], deletes: [{ collection: collection.name, id: 'b' }] });
    expect(await s.get(collection.name, 'a')).toStrictEqual({ kind: 'y', n: 3 });
    expect(await s.get(collection.name, 'b')).toBeNull();
    expect((await s.getMany(collection.name, ['a', 'b'])).size).toBe(1);
    expect(await s.find(collection.name, { where: { kind: 'x' } })).toEqual([]);
    await s.dropCollection(collection.name);
    expect(await s.get(collection.name, 'a')).toBeNull();
    expect(await s.find(collection.name, {})).toEqual([]);
  });

  it('empties itself when another connection (another replica) commits to the same file', async () => {
    const path = freshPath();
    const reader = await store(path);
    const writer = await store(path);
    await writer.put(collection.name, 'a', { kind: 'x', n: 1 });
    expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 1 });
    expect(await reader.find(collection.name, { where: { kind: 'x' } })).toHaveLength(1);
    expect((await reader.getMany(collection.name, ['a', 'b'])).size).toBe(1);
    await writer.put(collection.name, 'a', { kind: 'x', n: 2 });
    await writer.put(collection.name, 'b', { kind: 'x', n: 3 });
    expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 2 });
    expect(await reader.find(collection.name, { where: { kind: 'x' } })).toHaveLength(2);
    expect((await reader.getMany(collection.name, ['a', 'b'])).size).toBe(2);
  });

  it('checks for other connections once per request: a new request sees a commit made before it arrived', async () => {
    const { reader, writer } = await twoConnections();
    await runInReadScope(async () => {
      expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 1 });
      // Committed after this request's check: this request may or may not see it, the next one must.
      await writer.put(collection.name, 'a', { kind: 'x', n: 2 });
    });
    await runInReadScope(async () => {
      expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 2 });
    });
  });

  it("checks again within a request once it read a checkpoint (another process's projector vouches for newer documents)", async () => {
    const { reader, writer } = await twoConnections();
    await runInReadScope(async () => {
      expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 1 });
      await writer.commit({ puts: [{ collection: collection.name, id: 'a', doc: { kind: 'x', n: 2 } }], deletes: [], checkpoint: { name: 'p', position: 7 } });
      expect(await reader.getCheckpoint('p')).toBe(7);
      expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 2 });
    });
  });

  it("sees another process's commit after many reads that found nothing new, and after the WAL started over", async () => {
    const path = freshPath();
    const reader = await store(path);
    await reader.put(collection.name, 'a', { kind: 'x', n: 1 });
    for (let i = 0; i < 50; i += 1) {
      await runInReadScope(async () => expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 1 }));
    }
    const script = `const { DatabaseSync } = require('node:sqlite');
      const [path, table] = process.argv.slice(1);
      const db = new DatabaseSync(path);
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      db.prepare('UPDATE "' + table + '" SET doc = json_set(doc, ?, 2) WHERE id = ?').run('$.n', 'a');`;
    execFileSync(process.execPath, ['-e', script, path, tableOf(collection.name)]);
    await runInReadScope(async () => expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 2 }));
  });

  it('checks again within a long request once its last check is older than a few milliseconds', async () => {
    const { reader, writer } = await twoConnections();
    await runInReadScope(async () => {
      expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 1 });
      await writer.put(collection.name, 'a', { kind: 'x', n: 2 });
      await sleep(50);
      expect(await reader.get(collection.name, 'a')).toStrictEqual({ kind: 'x', n: 2 });
    });
  });

  it('stops answering with a document once it expires, with no write in between', async () => {
    const s = await store();
    await s.put(collection.name, 'a', { kind: 'x' }, { expiresAt: Date.now() + 150 });
    expect(await s.get(collection.name, 'a')).not.toBeNull();
    expect(await s.find(collection.name, { where: { kind: 'x' } })).toHaveLength(1);
    await sleep(200);
    expect(await s.get(collection.name, 'a')).toBeNull();
    expect(await s.find(collection.name, { where: { kind: 'x' } })).toEqual([]);
  });

  it('does not keep documents read for update (the projector reads what it writes next)', async () => {
    const s = await store();
    await s.put(collection.name, 'a', { kind: 'x' });
    const first = (await s.getMany(collection.name, ['a'], { forUpdate: true })).get('a');
    const second = (await s.getMany(collection.name, ['a'], { forUpdate: true })).get('a');
    expect(second).toStrictEqual(first);
    expect(second).not.toBe(first);
    expect(Object.isFrozen(second)).toBe(false);
  });

  it('answers the same with the cache turned off', async () => {
    const s = await store(freshPath(), 0);
    await s.put(collection.name, 'a', { kind: 'x' });
    const first = await s.get(collection.name, 'a');
    const second = await s.get(collection.name, 'a');
    expect(second).toStrictEqual(first);
    expect(second).not.toBe(first);
  });
});

describe('SqliteReadCache', () => {
  it('keeps within its character budget, least recently used out first', () => {
    const cache = new SqliteReadCache({ maxChars: 400, maxDocumentsPerAnswer: 10 });
    for (let i = 0; i < 10; i += 1) cache.keepDocument('t', `id${i}`, { i }, 80, Infinity);
    expect(cache.size.chars).toBeLessThanOrEqual(400);
    expect(cache.lookup(cache.documentKey('t', 'id9'), 0)).toEqual({ i: 9 });
    expect(cache.lookup(cache.documentKey('t', 'id0'), 0)).toBeUndefined();
  });

  it('drops every answer of a table on any write to it, and only the written document among those kept by id', () => {
    const cache = new SqliteReadCache();
    cache.keepAnswer('q', 't', [{ a: 1 }], 1, 10, Infinity);
    cache.keepDocument('t', 'a', { a: 1 }, 10, Infinity);
    cache.keepDocument('t', 'b', { b: 1 }, 10, Infinity);
    cache.wrote('t', 'b');
    expect(cache.lookup('q', 0)).toBeUndefined();
    expect(cache.lookup(cache.documentKey('t', 'a'), 0)).toEqual({ a: 1 });
    expect(cache.lookup(cache.documentKey('t', 'b'), 0)).toBeUndefined();
  });

  it('does not keep answers larger than its per-answer bound', () => {
    const cache = new SqliteReadCache({ maxChars: 1_000_000, maxDocumentsPerAnswer: 2 });
    cache.keepAnswer('q', 't', [1, 2, 3], 3, 30, Infinity);
    expect(cache.lookup('q', 0)).toBeUndefined();
  });
});
