import { useEffect, useState } from 'react';

/** What loading a chunk of screens has come to. */
export type ChunkState<T> = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly screens: T };

/**
 * A hook that gives the screens of a chunk of their own (`import('…/screens')`), fetched the first
 * time a component asks, kept once there. Not through React.lazy: a Suspense boundary holds content
 * back for 300 ms after its fallback showed (React's reveal throttle), which every first open of a
 * screen would pay even with the chunk in hand.
 */
export function screenChunk<T>(load: () => Promise<T>): () => ChunkState<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;

  function loadOnce(): Promise<T> {
    loading ??= load().then(
      (screens) => (loaded = screens),
      (error: unknown) => {
        // Asked again on the next mount: the network may be back.
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  return function useScreenChunk(): ChunkState<T> {
    const [state, setState] = useState<ChunkState<T>>(loaded ? { status: 'ready', screens: loaded } : { status: 'loading' });
    const pending = state.status === 'loading';
    useEffect(() => {
      if (!pending) return;
      let current = true;
      loadOnce().then(
        (screens) => current && setState({ status: 'ready', screens }),
        () => current && setState({ status: 'failed' }),
      );
      return () => {
        current = false;
      };
    }, [pending]);
    return state;
  };
}
