import { PersistentMap } from './persistent-map';

describe('PersistentMap', () => {
  it('adds and replaces entries without changing the map it came from', () => {
    const empty = PersistentMap.empty<number>();
    const one = empty.with('a', 1);
    const two = one.with('b', 2);
    const replaced = two.with('a', 10);

    expect([empty.size, one.size, two.size, replaced.size]).toEqual([0, 1, 2, 2]);
    expect([one.get('a'), two.get('a'), replaced.get('a')]).toEqual([1, 1, 10]);
    expect(one.has('b')).toBe(false);
    expect(two.has('b')).toBe(true);
    expect(empty.get('a')).toBeUndefined();
  });

  it('iterates every entry once, through entries, keys, values, forEach and for-of', () => {
    let map = PersistentMap.empty<number>();
    for (let index = 0; index < 2000; index += 1) map = map.with(`msg${index}`, index);
    map = map.with('msg7', -7);

    const expected = Array.from({ length: 2000 }, (_, index) => [`msg${index}`, index === 7 ? -7 : index] as const);
    const sortByKey = (entries: Iterable<readonly [string, number]>) => [...entries].sort(([a], [b]) => a.localeCompare(b));
    expect(map.size).toBe(2000);
    expect(sortByKey(map.entries())).toEqual(sortByKey(expected));
    expect(sortByKey(map)).toEqual(sortByKey(expected));
    expect([...map.keys()].sort()).toEqual(expected.map(([key]) => key).sort());
    expect([...map.values()].sort((a, b) => a - b)).toEqual(expected.map(([, value]) => value).sort((a, b) => a - b));
    const seen: Array<[string, number]> = [];
    map.forEach((value, key, self) => {
      expect(self).toBe(map);
      seen.push([key, value]);
    });
    expect(sortByKey(seen)).toEqual(sortByKey(expected));
  });

  it('treats keys such as __proto__ like any other key', () => {
    const map = PersistentMap.empty<string>().with('__proto__', 'x').with('toString', 'y');
    expect([map.get('__proto__'), map.get('toString'), map.size]).toEqual(['x', 'y', 2]);
    expect(map.has('constructor')).toBe(false);
  });
});
