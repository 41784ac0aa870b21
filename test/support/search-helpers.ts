import { EVENT_STORE, type EventStore } from '@app/storage';
import { SearchIndexFollower } from '../../apps/api/src/search/indexing/search-index-follower';
import type { TestApp } from './test-app';

/**
 * Waits until the search index has applied everything the log holds now. Asked of the app: no
 * public surface says how far the index got, and a search that finds nothing (a filter, a deletion)
 * only means something once the index has caught up.
 */
export async function searchIndexCaughtUp(t: TestApp, timeoutMs?: number): Promise<void> {
  const head = await t.app.get<EventStore>(EVENT_STORE).headPosition();
  await t.app.get(SearchIndexFollower).waitFor(head, timeoutMs);
}

/** A query string with repeated keys for arrays, as the official client sends it. */
export function searchQueryString(params: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  return search.toString();
}
