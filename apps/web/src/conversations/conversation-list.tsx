import type { Conversation, ConversationListItem } from '@app/contracts/http/conversation.types';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import styles from './conversations.module.css';
import { useTitleSearch } from './use-title-search';

/** Conversations asked for at a time. */
export const CONVERSATION_PAGE_SIZE = 30;
/** The longest title search the api takes (MAX_CONVERSATION_SEARCH_LENGTH of its query DTO). */
const SEARCH_MAX_LENGTH = 200;

interface ListState {
  readonly items: readonly ConversationListItem[];
  readonly hasMore: boolean;
  readonly status: 'loading' | 'ready' | 'failed';
  readonly error: string | null;
  readonly loadingMore: boolean;
}

/** The caller's conversations in this workspace, as the sidebar and the conversation pages share them. */
export interface ConversationList extends ListState {
  readonly wId: string;
  loadMore(): void;
  /** Asks again for the pages already shown (after a title was written, an answer ended). */
  refresh(): void;
  /** A conversation just made or changed here: first in the list (newest activity first). */
  upsert(conversation: ConversationListItem): void;
  /** A change the api acknowledged (renamed, read). */
  update(cId: string, change: Partial<Pick<ConversationListItem, 'title' | 'unread'>>): void;
  remove(cId: string): void;
}

const ListContext = createContext<ConversationList | null>(null);

export function useConversationList(): ConversationList {
  const list = useContext(ListContext);
  if (list === null) throw new Error('useConversationList needs a ConversationListProvider above it');
  return list;
}

/** Loads the first page of the workspace's conversations and keeps the list for the pages beneath. */
export function ConversationListProvider({ wId, children }: { readonly wId: string; readonly children: ReactNode }) {
  const { conversations } = useApi();
  const [state, setState] = useState<ListState>({ items: [], hasMore: false, status: 'loading', error: null, loadingMore: false });
  const shown = useRef(CONVERSATION_PAGE_SIZE);
  const [generation, setGeneration] = useState(0);

  // The pages shown so far, in one request: a refresh keeps the list as long as it was.
  useEffect(() => {
    const controller = new AbortController();
    conversations.list(wId, { limit: shown.current, offset: 0 }, { signal: controller.signal }).then(
      (page) => setState((current) => ({ ...current, items: page.conversations, hasMore: page.hasMore, status: 'ready', error: null })),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, status: current.status === 'ready' ? 'ready' : 'failed', error: errorMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [conversations, wId, generation]);

  const items = state.items;
  const loadMore = useCallback(() => {
    setState((current) => ({ ...current, loadingMore: true }));
    conversations.list(wId, { limit: CONVERSATION_PAGE_SIZE, offset: items.length }).then(
      (page) => {
        shown.current = items.length + page.conversations.length;
        setState((current) => {
          const known = new Set(current.items.map((item) => item.sId));
          return { ...current, items: [...current.items, ...page.conversations.filter((item) => !known.has(item.sId))], hasMore: page.hasMore, loadingMore: false, error: null };
        });
      },
      (error: unknown) => setState((current) => ({ ...current, loadingMore: false, error: errorMessage(error) })),
    );
  }, [conversations, wId, items.length]);

  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  const upsert = useCallback(
    (conversation: ConversationListItem) =>
      setState((current) => ({ ...current, items: [conversation, ...current.items.filter((item) => item.sId !== conversation.sId)] })),
    [],
  );
  const update = useCallback(
    (cId: string, change: Partial<Pick<ConversationListItem, 'title' | 'unread'>>) =>
      setState((current) => ({ ...current, items: current.items.map((item) => (item.sId === cId ? { ...item, ...change } : item)) })),
    [],
  );
  const remove = useCallback((cId: string) => setState((current) => ({ ...current, items: current.items.filter((item) => item.sId !== cId) })), []);

  const value = useMemo(() => ({ ...state, wId, loadMore, refresh, upsert, update, remove }), [state, wId, loadMore, refresh, upsert, update, remove]);
  return <ListContext.Provider value={value}>{children}</ListContext.Provider>;
}

/** A conversation as the list shows it (the answer of a create, without its messages). */
export function listItemOf(conversation: Conversation): ConversationListItem {
  const { content: _content, url: _url, ...item } = conversation;
  return item;
}

/** A conversation's name in lists and headings. */
export function conversationTitle(conversation: Pick<ConversationListItem, 'title'>): string {
  return conversation.title?.trim() || 'Untitled conversation';
}

/**
 * The sidebar: New conversation, a search of the titles (the loaded ones filtered at once, then the
 * api's matches across the whole list), the list newest first with the unread ones marked, and more
 * on demand.
 */
export function ConversationSidebar() {
  const list = useConversationList();
  const [, navigate] = useLocation();
  const [, params] = useRoute<{ cId: string }>('/conversations/:cId');
  const [onNewPage] = useRoute('/new');
  // On a phone the list would push the open conversation below the fold: it folds behind a button there.
  const [shownOnPhone, setShownOnPhone] = useState(false);
  const [openedFor, setOpenedFor] = useState(params?.cId);
  if (openedFor !== params?.cId) {
    setOpenedFor(params?.cId);
    setShownOnPhone(false);
  }
  const foldsOnPhone = (params !== null || onNewPage) && !shownOnPhone;
  const listId = useId();
  const [query, setQuery] = useState('');
  const search = useTitleSearch(list.wId, query);
  const needle = query.trim().toLowerCase();
  const searching = needle !== '';
  const shown =
    search.status === 'ready' ? search.items : searching ? list.items.filter((item) => conversationTitle(item).toLowerCase().includes(needle)) : list.items;
  const more = search.status === 'ready' ? { hasMore: search.hasMore, loading: search.loadingMore, load: search.loadMore } : searching ? null : { hasMore: list.hasMore, loading: list.loadingMore, load: list.loadMore };

  return (
    <nav className={styles.sidebar} aria-label="Conversations">
      <button type="button" className="button" onClick={() => navigate('/new')}>
        New conversation
      </button>
      <button
        type="button"
        className={`button button-secondary button-small ${styles.listToggle}`}
        aria-expanded={!foldsOnPhone}
        aria-controls={listId}
        onClick={() => setShownOnPhone(foldsOnPhone)}
      >
        {foldsOnPhone ? 'Show conversations' : 'Hide conversations'}
      </button>
      <div id={listId} className={`${styles.sidebarList} ${foldsOnPhone ? styles.foldedOnPhone : ''}`}>
        <h2 className={styles.sidebarTitle}>Conversations</h2>
        <input
          type="search"
          className={`text-input ${styles.search}`}
          aria-label="Search conversations by title"
          placeholder="Search by title"
          maxLength={SEARCH_MAX_LENGTH}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {list.status === 'loading' ? (
          <p className="muted" role="status">
            Loading conversations…
          </p>
        ) : null}
        <p className={styles.visuallyHidden} role="status">
          {search.status === 'searching' ? 'Searching…' : search.status === 'ready' ? `${search.items.length}${search.hasMore ? ' or more' : ''} found` : ''}
        </p>
        <FormError message={search.status === 'failed' ? search.error : search.status === 'ready' ? search.error : list.error} />
        <ul className={styles.conversationList}>
          {list.status === 'ready' && list.items.length === 0 && !searching ? <li className="muted">No conversations yet.</li> : null}
          {searching && search.status !== 'searching' && shown.length === 0 ? <li className="muted">No conversation title contains “{query.trim()}”.</li> : null}
          {shown.map((item) => (
            <li key={item.sId}>
              <Link
                href={`/conversations/${encodeURIComponent(item.sId)}`}
                className={styles.conversationLink}
                aria-current={params?.cId === item.sId ? 'page' : undefined}
              >
                {item.unread ? (
                  <>
                    <span className={styles.unreadDot} aria-hidden="true" />
                    <span className={styles.visuallyHidden}>Unread: </span>
                  </>
                ) : null}
                <span className={styles.conversationLinkTitle}>{conversationTitle(item)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {more?.hasMore ? (
          <button type="button" className="button button-secondary button-small" onClick={more.load} disabled={more.loading}>
            {more.loading ? 'Loading…' : 'Load more conversations'}
          </button>
        ) : null}
      </div>
    </nav>
  );
}
