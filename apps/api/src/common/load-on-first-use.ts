/**
 * A module (or any value) loaded on the first call and kept: for a library that only some requests
 * need, whose loading would otherwise be paid by every boot before the first request is answered.
 * The loader is typically `() => require('package')`, typed with the package's `typeof import`.
 * A loader that throws is tried again on the next call.
 */
export function loadOnFirstUse<T>(load: () => T): () => T {
  let loaded: { readonly value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
