import { assertStorableEvents, MAX_EVENT_BYTES, MAX_EVENT_DEPTH, serializeStorableEvents, UnstorableEventError } from './storable-event';
import type { JsonObject, NewEvent } from './event-store.port';

function event(data: unknown, metadata: unknown = { schemaVersion: 2 }): NewEvent {
  return { id: 'e1', type: 'Happened', data: data as JsonObject, metadata: metadata as NewEvent['metadata'] };
}

function nested(depth: number): JsonObject {
  let value: JsonObject = {};
  for (let level = 1; level < depth; level += 1) value = { a: value };
  return value;
}

function reasonOf(candidate: NewEvent): string | null {
  try {
    assertStorableEvents('stream-1', [candidate]);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(UnstorableEventError);
    return (error as UnstorableEventError).reason;
  }
}

describe('assertStorableEvents', () => {
  it('accepts plain JSON objects up to the depth bound, with absent optional fields', () => {
    expect(reasonOf(event({ ...nested(MAX_EVENT_DEPTH), title: undefined, list: [1, 'two', null, { three: true }] }))).toBeNull();
  });

  it('refuses data nested one level deeper than the bound, without recursing', () => {
    expect(reasonOf(event(nested(MAX_EVENT_DEPTH + 1)))).toMatch(/deeper than 64/);
    expect(reasonOf(event(nested(200_000)))).toMatch(/deeper than 64/);
  });

  it.each([
    ['a non-finite number', { n: Number.POSITIVE_INFINITY }, /finite/],
    ['a bigint', { n: BigInt(1) }, /bigint/],
    ['a function', { f: () => 1 }, /function/],
    ['undefined inside an array', { list: [undefined] }, /undefined/],
    ['a date', { at: new Date(0) }, /plain object/],
  ])('refuses %s', (_label, data, reason) => {
    expect(reasonOf(event(data))).toMatch(reason);
  });

  it('refuses cycles, non-object data and metadata without a schema version', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(reasonOf(event(cyclic))).toMatch(/itself/);
    expect(reasonOf(event([1, 2]))).toMatch(/data is not a JSON object/);
    expect(reasonOf(event({}, { actor: 'x' }))).toMatch(/schemaVersion/);
  });

  it('names where the problem is', () => {
    expect(reasonOf(event({ a: [{ b: 1 }, { b: Number.NaN }] }))).toBe('a[1].b is not a finite number');
    const cyclic: Record<string, unknown> = { list: [] };
    (cyclic.list as unknown[]).push({ up: cyclic });
    expect(reasonOf(event({ root: cyclic }))).toBe('root.list[0].up refers back to itself');
  });

  it('accepts one object reached by two paths (JSON writes it twice, and it reads back equal)', () => {
    const shared = { n: 1 };
    expect(reasonOf(event({ first: shared, second: [shared] }))).toBeNull();
  });

  it('refuses an event larger than the size bound', () => {
    expect(reasonOf(event({ text: 'x'.repeat(MAX_EVENT_BYTES) }))).toMatch(/bytes/);
  });

  it('accepts a __proto__ key as data, as JSON.parse would produce it', () => {
    expect(reasonOf(event(JSON.parse('{"reactions":{"__proto__":["u1"]}}')))).toBeNull();
  });
});

describe('assertStorableEvents with class instances', () => {
  class Mention {
    constructor(readonly configurationId: string) {}
  }

  it('accepts an instance that JSON carries field by field (a validated request DTO)', () => {
    expect(reasonOf(event({ mentions: [new Mention('dust')] }))).toBeNull();
  });

  it.each([
    ['a map', { m: new Map([['a', 1]]) }],
    ['a set', { s: new Set([1]) }],
    ['a buffer', { b: Buffer.from('x') }],
  ])('refuses %s, which JSON would not carry as it is', (_label, data) => {
    expect(reasonOf(event(data))).toMatch(/plain object/);
  });
});

describe('serializeStorableEvents', () => {
  it('returns each event\'s data and metadata as the JSON text it checked, and refuses what assertStorableEvents refuses', () => {
    const events: NewEvent[] = [
      { id: 'a', type: 'T', data: { n: 1, absent: undefined, nested: { s: 'é' } } as unknown as JsonObject, metadata: { schemaVersion: 2 } },
      { id: 'b', type: 'T', data: {}, metadata: { schemaVersion: 1 } },
    ];
    expect(serializeStorableEvents('s', events)).toEqual([
      { data: '{"n":1,"nested":{"s":"é"}}', metadata: '{"schemaVersion":2}' },
      { data: '{}', metadata: '{"schemaVersion":1}' },
    ]);
    expect(() => serializeStorableEvents('s', [{ id: 'c', type: 'T', data: { n: Number.NaN }, metadata: { schemaVersion: 1 } }])).toThrow(UnstorableEventError);
  });
});
