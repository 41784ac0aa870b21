import { LayeredMap } from './layered-map';

describe('LayeredMap', () => {
  it('reads and iterates like a Map written in the same order, across merges of its layers', () => {
    let layered = LayeredMap.empty<string, number>();
    const plain = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) {
      // New keys, and every seventh write an existing key again (it keeps its place).
      const key = i % 7 === 0 && i > 0 ? `k${i - 5}` : `k${i}`;
      layered = layered.with(key, i);
      plain.set(key, i);
      if (i % 97 === 0) expect([...layered]).toEqual([...plain]);
    }
    expect(layered.size).toBe(plain.size);
    expect([...layered.keys()]).toEqual([...plain.keys()]);
    expect([...layered.values()]).toEqual([...plain.values()]);
    expect(layered.get('k1995')).toBe(plain.get('k1995'));
    expect(layered.has('missing')).toBe(false);
    const seen: string[] = [];
    layered.forEach((_value, key) => seen.push(key));
    expect(seen).toEqual([...plain.keys()]);
  });

  it('never changes a map it was derived from', () => {
    const before = LayeredMap.empty<string, string>().with('__proto__', 'a').with('toString', 'b');
    const after = before.with('__proto__', 'c').with('x', 'd');
    expect([...before]).toEqual([
      ['__proto__', 'a'],
      ['toString', 'b'],
    ]);
    expect(after.get('__proto__')).toBe('c');
    expect(before.has('x')).toBe(false);
  });
});
