/** A candidate for a mention suggestion, with what ranks it. */
export interface RankedCandidate {
  readonly id: string;
  readonly label: string;
  /** The caller's favourite agent. */
  readonly favorite?: boolean;
  /** When the caller last used it (epoch ms), or null. */
  readonly lastUsedAt?: number | null;
}

/** Most suggestions an answer holds. */
export const MENTION_SUGGESTION_LIMIT = 50;

/** How a label matches a query: 0 its start (or a word's), 1 elsewhere, null not at all. */
export function matchRank(label: string, query: string): 0 | 1 | null {
  const needle = query.trim().toLowerCase();
  if (needle.length === 0) return 0;
  const text = label.toLowerCase();
  const at = text.indexOf(needle);
  if (at < 0) return null;
  if (at === 0) return 0;
  return text.split(/[\s_\-.@]+/).some((word) => word.startsWith(needle)) ? 0 : 1;
}

/**
 * Candidates matching `query`, in the order a person expects: favourites and the recently used
 * first (most recent first), then prefix matches before matches inside a name, then by name; at
 * most `limit`.
 */
export function rankMentionCandidates<T extends RankedCandidate>(candidates: readonly T[], query: string, limit = MENTION_SUGGESTION_LIMIT): T[] {
  const scored = candidates.flatMap((candidate) => {
    const match = matchRank(candidate.label, query);
    return match === null ? [] : [{ candidate, match }];
  });
  scored.sort((a, b) => {
    const pa = preferred(a.candidate);
    const pb = preferred(b.candidate);
    if (pa !== pb) return pa ? -1 : 1;
    if (a.match !== b.match) return a.match - b.match;
    const recent = (b.candidate.lastUsedAt ?? 0) - (a.candidate.lastUsedAt ?? 0);
    if (recent !== 0) return recent;
    if (Boolean(a.candidate.favorite) !== Boolean(b.candidate.favorite)) return a.candidate.favorite ? -1 : 1;
    return a.candidate.label.localeCompare(b.candidate.label, 'en', { sensitivity: 'base' }) || a.candidate.id.localeCompare(b.candidate.id);
  });
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

function preferred(candidate: RankedCandidate): boolean {
  return Boolean(candidate.favorite) || (candidate.lastUsedAt ?? 0) > 0;
}
