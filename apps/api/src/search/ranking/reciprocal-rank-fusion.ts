import type { ChunkHit } from '@app/storage';

/** A chunk after fusion, with its fused score in (0, 1]. */
export interface FusedHit extends ChunkHit {
  /** Rank in each input list (1-based), null where the chunk is absent. */
  readonly ranks: readonly (number | null)[];
}

/** The constant of reciprocal rank fusion (Cormack et al. 2009): damps the weight of the very first ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: a chunk scores Σ 1/(k + rank) over the lists that hold it, which needs
 * no calibration between BM25 and cosine scores. The sum is divided by its maximum (first in every
 * list) so scores read as a fraction of a perfect agreement.
 */
export function fuseByReciprocalRank(lists: readonly (readonly ChunkHit[])[], k = RRF_K): FusedHit[] {
  const fused = new Map<string, { hit: ChunkHit; sum: number; ranks: (number | null)[] }>();
  lists.forEach((list, listIndex) => {
    list.forEach((hit, position) => {
      const key = `${hit.dataSourceId}\u0000${hit.documentId}\u0000${hit.chunkIndex}`;
      let entry = fused.get(key);
      if (entry === undefined) {
        entry = { hit, sum: 0, ranks: lists.map(() => null) };
        fused.set(key, entry);
      }
      entry.sum += 1 / (k + position + 1);
      entry.ranks[listIndex] = position + 1;
    });
  });
  const best = lists.length / (k + 1);
  return [...fused.values()]
    .map(({ hit, sum, ranks }) => ({ ...hit, score: sum / best, ranks }))
    .sort((a, b) => b.score - a.score || firstRank(a.ranks) - firstRank(b.ranks));
}

function firstRank(ranks: readonly (number | null)[]): number {
  return Math.min(...ranks.map((rank) => rank ?? Number.POSITIVE_INFINITY));
}
