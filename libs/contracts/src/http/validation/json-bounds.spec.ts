import { jsonBoundsProblem, jsonByteLength, nestingExceeds } from './json-bounds';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? { d: value } : [value];
  return value;
}

describe('bounds of a free-form JSON value', () => {
  it('counts the value itself as level 1, objects and arrays alike; scalars have no depth', () => {
    expect(nestingExceeds(nested(3), 3)).toBe(false);
    expect(nestingExceeds(nested(4), 3)).toBe(true);
    expect(nestingExceeds('text', 0)).toBe(false);
    expect(nestingExceeds(null, 0)).toBe(false);
    expect(nestingExceeds({}, 0)).toBe(true);
  });

  it('walks 100 000 levels without overflowing the stack', () => {
    expect(nestingExceeds(nested(100_000), 8)).toBe(true);
    expect(nestingExceeds(nested(100_000), 200_000)).toBe(false);
  });

  it('measures JSON in UTF-8 bytes, and a value JSON cannot hold as infinite', () => {
    expect(jsonByteLength({ a: 'é' })).toBe(Buffer.byteLength('{"a":"é"}'));
    expect(jsonByteLength(undefined)).toBe(0);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonByteLength(cycle)).toBe(Number.POSITIVE_INFINITY);
    expect(jsonByteLength({ n: BigInt(1) })).toBe(Number.POSITIVE_INFINITY);
  });

  it('says what is wrong, depth before size', () => {
    const bounds = { maxDepth: 2, maxBytes: 1024 };
    expect(jsonBoundsProblem({ a: [1] }, bounds)).toBeUndefined();
    expect(jsonBoundsProblem({ a: [[1]] }, bounds)).toBe('must not nest objects and arrays more than 2 levels deep');
    expect(jsonBoundsProblem({ a: 'x'.repeat(1024) }, bounds)).toBe('must be at most 1 KiB of JSON');
    expect(jsonBoundsProblem({ a: [['x'.repeat(5000)]] }, bounds)).toBe('must not nest objects and arrays more than 2 levels deep');
    expect(jsonBoundsProblem('x'.repeat(100), { maxDepth: 1, maxBytes: 100 })).toBe('must be at most 100 bytes of JSON');
  });
});
