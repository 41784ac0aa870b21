// Read-model documents are JSON, so their maps are plain objects. Reading `map[key]` would find what
// Object.prototype holds for keys like `toString` or `__proto__`; writing with a computed key or a
// spread (`{ ...map, [key]: value }`) always creates an own entry, which survives a JSON round-trip.

/** The value `map` holds under `key` itself, never one inherited from Object.prototype. */
export function ownEntry<V>(map: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
