import { BSON } from 'mongodb';
import { bsonLimitViolation, MAX_BSON_DOCUMENT_BYTES, MAX_BSON_NESTING } from './mongodb-document-limits';

/** A document whose innermost value sits inside `levels` nested objects, the document itself included. */
function nestedObjects(levels: number, innermost: unknown = 1): Record<string, unknown> {
  let value: unknown = innermost;
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return { _id: 'doc', a: value };
}

/** `count` arrays, each the only element of the one around it. */
function nestedArrays(count: number): unknown[] {
  let value: unknown[] = [1];
  for (let level = 1; level < count; level += 1) value = [value];
  return value;
}

describe('bsonLimitViolation', () => {
  it('accepts an ordinary read-model document, including keys that MongoDB 5.0+ stores as they are', () => {
    const doc = {
      _id: 'c1',
      _expiresAt: new Date(1_700_000_000_000),
      title: 'Café 日本語 🚀 with a NUL \u0000 inside a value',
      metadata: { 'file.name': 'a.txt', $schema: 'https://example.com', nested: { $ref: 'x', $id: 1 } },
      list: [1, 'two', { three: [3] }, null, true],
      empty: { object: {}, array: [] },
    };
    expect(bsonLimitViolation(doc)).toBeUndefined();
  });

  it('accepts 100 levels of nesting, the document being the first, and refuses 101 with the path', () => {
    expect(bsonLimitViolation(nestedObjects(MAX_BSON_NESTING))).toBeUndefined();
    const reason = bsonLimitViolation(nestedObjects(MAX_BSON_NESTING + 1));
    expect(reason).toMatch(/^nested deeper than 100 levels at "a(\.a){99}"$/);
  });

  it('counts arrays as levels, and leaves empty objects and arrays out, as the server does', () => {
    expect(bsonLimitViolation({ list: nestedArrays(MAX_BSON_NESTING - 1) })).toBeUndefined();
    expect(bsonLimitViolation({ list: nestedArrays(MAX_BSON_NESTING) })).toMatch(/^nested deeper than 100 levels at "list(\[0\])+\[…"$/);
    expect(bsonLimitViolation(nestedObjects(MAX_BSON_NESTING, {}))).toBeUndefined();
    expect(bsonLimitViolation(nestedObjects(MAX_BSON_NESTING, []))).toBeUndefined();
    expect(bsonLimitViolation(nestedObjects(MAX_BSON_NESTING, [1]))).toMatch(/^nested deeper than 100 levels/);
  });

  it('refuses a document nested 20,000 levels deep without overflowing the stack', () => {
    expect(bsonLimitViolation(nestedObjects(20_000))).toMatch(/^nested deeper than 100 levels/);
  });

  it('accepts a document of 16 MiB as BSON and refuses one byte more', () => {
    const overhead = BSON.calculateObjectSize({ _id: 'big', text: '' });
    const fits = { _id: 'big', text: 'x'.repeat(MAX_BSON_DOCUMENT_BYTES - overhead) };
    expect(BSON.calculateObjectSize(fits)).toBe(MAX_BSON_DOCUMENT_BYTES);
    expect(bsonLimitViolation(fits)).toBeUndefined();
    const over = { ...fits, text: `${fits.text}é` };
    expect(bsonLimitViolation(over)).toBe(`${MAX_BSON_DOCUMENT_BYTES + 2} bytes as BSON, over the 16777216-byte limit`);
  });

  it('refuses a top-level key starting with "$", which a replacement document cannot hold', () => {
    expect(bsonLimitViolation({ _id: 'x', $set: { a: 1 } })).toBe('top-level key "$set" starts with "$"');
  });

  it('refuses a NUL character in a key at any depth, which BSON cannot encode', () => {
    expect(bsonLimitViolation({ _id: 'x', ['a\u0000b']: 1 })).toBe('key "a\\0b" contains a NUL character');
    expect(bsonLimitViolation({ _id: 'x', meta: { list: [{ ['k\u0000']: 1 }] } })).toBe('key "meta.list[0].k\\0" contains a NUL character');
  });

  it('agrees with the BSON serializer on what it cannot encode', () => {
    const refused = { _id: 'x', meta: { ['a\u0000']: 1 } };
    expect(() => BSON.serialize(refused)).toThrow(/null bytes/);
    expect(bsonLimitViolation(refused)).toBeDefined();
  });
});
