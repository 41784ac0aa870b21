/** Entries written since the last merge, at least (a merge copies every entry). */
const MIN_RECENT = 32;

/**
 * An immutable map whose `with` does not copy every entry: new entries go to a small `recent`
 * layer over a `base` that is never changed, and the two merge once `recent` outgrows the square
 * root of `base`. A write then costs O(√n) amortised instead of O(n), which keeps a command on a
 * 10,000-message conversation as cheap as on a short one. Reads and iteration order are a Map's
 * (insertion order; a key written again keeps its place).
 */
export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly recent: ReadonlyMap<K, V>,
  ) {}

  static empty<K, V>(): LayeredMap<K, V> {
    return new LayeredMap<K, V>(new Map(), new Map());
  }

  /** This map with `key` set to `value`; this one is left unchanged. */
  with(key: K, value: V): LayeredMap<K, V> {
    const recent = new Map(this.recent).set(key, value);
    if (recent.size <= Math.max(MIN_RECENT, Math.sqrt(this.base.size))) return new LayeredMap(this.base, recent);
    return new LayeredMap(new Map([...this.base, ...recent]), new Map());
  }

  get size(): number {
    let size = this.base.size;
    for (const key of this.recent.keys()) if (!this.base.has(key)) size += 1;
    return size;
  }

  get(key: K): V | undefined {
    return this.recent.has(key) ? this.recent.get(key) : this.base.get(key);
  }

  has(key: K): boolean {
    return this.recent.has(key) || this.base.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  entries(): MapIterator<[K, V]> {
    return this.merged().entries();
  }

  keys(): MapIterator<K> {
    return this.merged().keys();
  }

  values(): MapIterator<V> {
    return this.merged().values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  /** Both layers as one Map, for iteration (rare in deciders: whole-conversation scans only). */
  private merged(): ReadonlyMap<K, V> {
    return this.recent.size === 0 ? this.base : new Map([...this.base, ...this.recent]);
  }
}
