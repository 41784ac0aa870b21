import type { IndexedChunk } from '@app/storage';

/** A chunk chosen for a result: hits carry their score, context chunks null. */
export interface SelectedChunk {
  readonly chunk: IndexedChunk;
  readonly score: number | null;
}

/**
 * Adds neighbouring chunks around a document's hits until `budgetTokens` would be exceeded: one
 * step further from every hit at a time (after, then before), best hit first, so the context
 * grows evenly around what matched. Returns the hits and context in document order.
 */
export function expandWithNeighbours(
  hits: readonly SelectedChunk[],
  available: readonly IndexedChunk[],
  budgetTokens: number,
): SelectedChunk[] {
  const byIndex = new Map(available.map((chunk) => [chunk.index, chunk]));
  const selected = new Map<number, SelectedChunk>(hits.map((hit) => [hit.chunk.index, hit]));
  let tokens = hits.reduce((sum, hit) => sum + hit.chunk.tokenCount, 0);
  // A side stops at the first neighbour that does not fit, so the context never has holes.
  const blocked = new Set<string>();
  for (let distance = 1; distance <= available.length && tokens < budgetTokens; distance += 1) {
    let open = false;
    for (const hit of hits) {
      for (const side of [1, -1]) {
        const sideKey = `${hit.chunk.index}:${side}`;
        if (blocked.has(sideKey)) continue;
        const index = hit.chunk.index + side * distance;
        const chunk = byIndex.get(index);
        if (chunk === undefined) {
          blocked.add(sideKey);
          continue;
        }
        open = true;
        if (selected.has(index)) continue;
        if (tokens + chunk.tokenCount > budgetTokens) {
          blocked.add(sideKey);
          continue;
        }
        selected.set(index, { chunk, score: null });
        tokens += chunk.tokenCount;
      }
    }
    if (!open) break;
  }
  return [...selected.values()].sort((a, b) => a.chunk.index - b.chunk.index);
}
