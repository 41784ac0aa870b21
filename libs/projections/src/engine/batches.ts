/**
 * Groups an async stream into batches: everything already available, up to `maxSize`, without
 * waiting for more. A burst of events becomes one read-model commit; a lone event is not delayed.
 */
export async function* batches<T>(source: AsyncIterable<T>, maxSize: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = null;
  try {
    for (;;) {
      const first = await (pending ?? iterator.next());
      pending = null;
      if (first.done) return;
      const batch: T[] = [first.value];
      while (batch.length < maxSize) {
        pending = iterator.next();
        const next = await Promise.race([pending, nextTurn()]);
        if (next === NOT_READY) break;
        pending = null;
        if (next.done) {
          yield batch;
          return;
        }
        batch.push(next.value);
      }
      yield batch;
    }
  } finally {
    await iterator.return?.();
  }
}

const NOT_READY = Symbol('not-ready');

function nextTurn(): Promise<typeof NOT_READY> {
  return new Promise((resolve) => setImmediate(() => resolve(NOT_READY)));
}
