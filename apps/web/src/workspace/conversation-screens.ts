import { useEffect, useState } from 'react';

type Screens = typeof import('../conversations/screens');

/** What loading the conversation screens' chunk has come to. */
export type ScreensState = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly screens: Screens };

let loaded: Screens | null = null;
let loading: Promise<Screens> | null = null;

function loadScreens(): Promise<Screens> {
  loading ??= import('../conversations/screens').then(
    (screens) => (loaded = screens),
    (error: unknown) => {
      // Asked again on the next mount: the network may be back.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The conversation screens, a chunk of their own so that the first page stays small, fetched as soon
 * as a workspace page shows rather than when one is opened. Not through React.lazy: a Suspense
 * boundary holds content back for 300 ms after its fallback showed (React's reveal throttle), which
 * every first open of a conversation would pay even with the chunk in hand.
 */
export function useConversationScreens(): ScreensState {
  const [state, setState] = useState<ScreensState>(loaded ? { status: 'ready', screens: loaded } : { status: 'loading' });
  const pending = state.status === 'loading';
  useEffect(() => {
    if (!pending) return;
    let current = true;
    loadScreens().then(
      (screens) => current && setState({ status: 'ready', screens }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [pending]);
  return state;
}
