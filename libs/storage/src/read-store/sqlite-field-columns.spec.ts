import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FindQuery, ReadDocument } from './read-store.port';
import { fieldColumnsOf, fieldValueOf } from './sqlite-field-columns';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(join(tmpdir(), 'field-columns-'));
let files = 0;
const freshPath = (): string => join(dir, `store-${++files}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fieldValueOf', () => {
  const db = new DatabaseSync(':memory:');
  afterAll(() => db.close());
  const sameAsJsonExtract = db.prepare(`SELECT ? IS json_extract(?, ?) AS same`);

  /** Whether the value taken in JS is the one SQLite's json_extract gives for the stored document. */
  const check = (doc: ReadDocument, field: string): void => {
    const value = fieldValueOf(doc, field.split('.'));
    const text = JSON.stringify(doc);
    const row = sameAsJsonExtract.get(value, text, `$.${field}`);
    expect({ field, doc: text, value, same: row?.same }).toEqual({ field, doc: text, value, same: 1 });
  };

  const KEYS = ['a', 'b', 'length', 'constructor', 'toString'] as const;
  const oddValue = fc.constantFrom<unknown>(undefined, NaN, Infinity, -Infinity, -0, 1e21, 5e-324, 2 ** 53 + 2, 2 ** 60, -(2 ** 63), 2 ** 63, 2 ** 66, 0.1, true, false, null, '', '{}', '[1]', new Date(0));
  const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 2 }),
      oddValue,
      fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 3 }),
      fc.array(tie('value'), { maxLength: 3 }),
    ),
  })).value;
  const doc = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 4 });
  const field = fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 }).map((keys) => keys.join('.'));

  it('gives what json_extract gives on the stored JSON, for any document and path', () => {
    fc.assert(fc.property(doc, field, (d, f) => check(d as ReadDocument, f)), { numRuns: 2000 });
  });

  it('maps booleans to 1/0, containers to their JSON text, and absent or unwritable values to NULL', () => {
    const d = { t: true, f: false, o: { x: [1, 'é', { y: null }] }, n: null, u: undefined, nan: NaN, s: 'text', when: new Date(0) };
    expect(['t', 'f', 'o', 'o.x', 'n', 'u', 'nan', 'missing', 's.length', 'when'].map((f) => fieldValueOf(d, f.split('.')))).toEqual([
      1, 0, '{"x":[1,"é",{"y":null}]}', '[1,"é",{"y":null}]', null, null, null, null, null, '1970-01-01T00:00:00.000Z',
    ]);
    for (const f of ['t', 'f', 'o', 'o.x', 'n', 'u', 'nan', 'missing', 's.length', 'when']) check(d, f);
  });
});

describe('SqliteReadStore field columns', () => {
  const indexSql = (db: DatabaseSync, name: string): string => String(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(name)?.sql);

  it('moves a table from before field columns (expression indexes) onto columns, answering as before', async () => {
    const path = freshPath();
    const old = new DatabaseSync(path);
    // The layout an earlier version created: documents only, indexes on json_extract.
    old.exec(`CREATE TABLE "rm_items" (id TEXT PRIMARY KEY, doc TEXT NOT NULL, expires_at INTEGER)`);
    old.exec(`CREATE INDEX "rm_items.flag" ON "rm_items" (json_extract(doc, '$.flag') ASC)`);
    const docs: ReadDocument[] = [
      { key: 'a', flag: true, owner: { id: 'u1' } },
      { key: 'b', flag: 1, owner: { id: 'u2' } },
      { key: 'c', flag: false },
      { key: 'd', flag: null, owner: { id: 'u1' } },
      { key: 'e' },
    ];
    const insert = old.prepare('INSERT INTO "rm_items" (id, doc) VALUES (?, ?)');
    for (const doc of docs) insert.run(String(doc.key), JSON.stringify(doc));
    old.close();

    const store = new SqliteReadStore({ path });
    try {
      const keys = async (where: FindQuery['where']): Promise<unknown[]> =>
        (await store.find('items', { where, sort: [{ field: 'flag', direction: 'asc' }] })).map((doc) => doc.key);
      const answers = async (): Promise<unknown[][]> => [await keys({ flag: true }), await keys({ flag: 1 }), await keys({ flag: null }), await keys({ 'owner.id': 'u1' })];
      const before = await answers();
      await store.ensureCollection({ name: 'items', indexes: ['flag', 'owner.id'] });
      await store.put('items', 'f', { key: 'f', flag: true, owner: { id: 'u1' } });

      const db = new DatabaseSync(path, { readOnly: true });
      try {
        expect([...fieldColumnsOf(db, 'rm_items')]).toEqual(['flag', 'owner.id']);
        expect(indexSql(db, 'rm_items.flag')).toContain('"$.flag"');
        expect(indexSql(db, 'rm_items.flag')).not.toContain('json_extract');
      } finally {
        db.close();
      }
      expect(before).toEqual([['a'], ['b'], ['d', 'e'], ['d', 'a']]);
      expect(await answers()).toEqual([['a', 'f'], ['b'], ['d', 'e'], ['d', 'a', 'f']]);
    } finally {
      await store.close();
    }
  });

  it('fills a column another connection added after this one last wrote the table', async () => {
    const path = freshPath();
    const writer = new SqliteReadStore({ path });
    const other = new SqliteReadStore({ path });
    try {
      await writer.ensureCollection({ name: 'items', indexes: [] });
      await writer.put('items', 'a', { kind: 'x' });
      await other.ensureCollection({ name: 'items', indexes: ['kind'] });
      await writer.commit({ puts: [{ collection: 'items', id: 'b', doc: { kind: 'x' } }], deletes: [] });
      await writer.put('items', 'c', { kind: 'x' });
      expect(await other.count('items', { kind: 'x' })).toBe(3);
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        expect(db.prepare(`SELECT id FROM "rm_items" WHERE "$.kind" = 'x' ORDER BY id`).all().map((row) => row.id)).toEqual(['a', 'b', 'c']);
      } finally {
        db.close();
      }
    } finally {
      await Promise.all([writer.close(), other.close()]);
    }
  });
});
