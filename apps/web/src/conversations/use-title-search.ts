import type { ConversationListItem } from '@app/contracts/http/conversation.types';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';

/** Conversations asked for at a time when searching. */
const SEARCH_PAGE_SIZE = 30;
/** Quiet time after the last keystroke before the api is asked. */
const TYPING_PAUSE_MS = 250;

/** The api's answer for one text. */
type Found =
  | { readonly text: string; readonly status: 'ready'; readonly items: readonly ConversationListItem[]; readonly hasMore: boolean; readonly loadingMore: boolean; readonly error: string | null }
  | { readonly text: string; readonly status: 'failed'; readonly error: string };

/** What a title search has found: nothing asked (no text), on its way, or the api's matches. */
export type TitleSearch = { readonly status: 'idle' } | { readonly status: 'searching'; readonly text: string } | Found;

/**
 * The caller's conversations whose title holds `query`, as the api finds them across the whole
 * list (`?search=`), asked once typing pauses; an answer to an earlier text is never shown.
 */
export function useTitleSearch(wId: string, query: string): TitleSearch & { loadMore(): void } {
  const { conversations } = useApi();
  const text = query.trim();
  const [found, setFound] = useState<Found | null>(null);

  useEffect(() => {
    if (text === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      conversations.list(wId, { limit: SEARCH_PAGE_SIZE, offset: 0, search: text }, { signal: controller.signal }).then(
        (page) => setFound({ text, status: 'ready', items: page.conversations, hasMore: page.hasMore, loadingMore: false, error: null }),
        (failure: unknown) => {
          if (!controller.signal.aborted) setFound({ text, status: 'failed', error: errorMessage(failure) });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [conversations, wId, text]);

  const search: TitleSearch = text === '' ? { status: 'idle' } : found?.text === text ? found : { status: 'searching', text };

  const loadMore = useCallback(() => {
    if (found?.status !== 'ready') return;
    const { text: searched, items } = found;
    setFound({ ...found, loadingMore: true, error: null });
    conversations.list(wId, { limit: SEARCH_PAGE_SIZE, offset: items.length, search: searched }).then(
      (page) =>
        setFound((current) => {
          if (current?.status !== 'ready' || current.text !== searched) return current;
          const known = new Set(current.items.map((item) => item.sId));
          return { ...current, items: [...current.items, ...page.conversations.filter((item) => !known.has(item.sId))], hasMore: page.hasMore, loadingMore: false };
        }),
      (failure: unknown) => setFound((current) => (current?.status === 'ready' ? { ...current, loadingMore: false, error: errorMessage(failure) } : current)),
    );
  }, [conversations, wId, found]);

  return { ...search, loadMore };
}
