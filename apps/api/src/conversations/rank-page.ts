/** A page request on a conversation's messages: at most `limit` ranks below the `before` rank. */
export interface RankPageRequest {
  readonly limit: number;
  /** The `lastValue` of the previous page (a rank); absent for the newest page. */
  readonly before?: number;
}

/** A page and the paging fields of the answer (`lastValue` is the cursor of the next, older page). */
export interface RankPage<T> {
  readonly value: T;
  readonly hasMore: boolean;
  readonly lastValue: string | null;
}

/**
 * The ranks of a page. Ranks are dense (0 … nextRank - 1), so the newest `limit` ranks below the
 * cursor are a range computed from the header alone, read with one indexed find.
 */
export function rankPage(
  nextRank: number,
  request: RankPageRequest,
): { readonly ranks: number[]; readonly hasMore: boolean; readonly lastValue: string | null } {
  const end = Math.min(nextRank, request.before ?? nextRank);
  const start = Math.max(0, end - request.limit);
  const ranks = Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
  const hasMore = start > 0;
  return { ranks, hasMore, lastValue: hasMore ? String(start) : null };
}
