/**
 * Rows of a table generation are numbered by ordinal as first upserted, and grouped in blocks of
 * consecutive ordinals. The table's read model keeps how many live rows each block holds, so a page
 * at any offset starts with a walk over a few hundred block counts and a skip of at most one block,
 * wherever the holes left by deleted or re-upserted rows are.
 */
export const ROW_BLOCK_SIZE = 4096;

/** Live rows per block number (blocks without rows are absent). */
export type RowBlockCounts = Readonly<Record<string, number>>;

/** The block of an ordinal. */
export function rowBlockOf(ordinal: number): number {
  return Math.floor(ordinal / ROW_BLOCK_SIZE);
}

/**
 * Key of one block of one table generation, the single field a page query filters on. A string
 * that starts with a digit: the read store compares it from its index alone (a number such as 0 or
 * 1 would also need a type check against booleans, read from every document).
 */
export function rowBlockKey(dataSourceId: string, tableId: string, generation: number, block: number): string {
  return `${generation}/${block}/${dataSourceId}/${tableId}`;
}

/** A read of one block: skip `skip` of its rows in ordinal order, then take at most `take`. */
export interface BlockRead {
  readonly block: number;
  readonly skip: number;
  readonly take: number;
}

/** The block reads that give the rows at `offset` to `offset + limit` (exclusive) of the table. */
export function blockReadsOfPage(counts: RowBlockCounts, offset: number, limit: number): BlockRead[] {
  const blocks = Object.entries(counts)
    .map(([block, count]) => ({ block: Number(block), count }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => a.block - b.block);
  const reads: BlockRead[] = [];
  let skip = offset;
  let wanted = limit;
  for (const { block, count } of blocks) {
    if (wanted <= 0) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const take = Math.min(wanted, count - skip);
    reads.push({ block, skip, take });
    wanted -= take;
    skip = 0;
  }
  return reads;
}

/** Adds `delta` rows to the count of `block` in `counts` (a copy the caller owns), dropping it at zero. */
export function addToBlock(counts: Record<string, number>, block: number, delta: number): void {
  const next = (counts[block] ?? 0) + delta;
  if (next === 0) delete counts[block];
  else counts[block] = next;
}
