import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { errorMessage } from '../ui/error-message';

/** What a page's read has come to. */
export type Loaded<T> = { readonly status: 'loading' } | { readonly status: 'failed'; readonly message: string } | { readonly status: 'ready'; readonly value: T };

/**
 * Reads `load` when the component shows, again on `reload()` (after a write, so the list shows
 * what the api now holds rather than a guess) and when one of `deps` changes (another page of a
 * list). The last answer stays shown while the next comes.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList = []): { readonly loaded: Loaded<T>; readonly reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => setLoaded({ status: 'ready', value }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
    // `load` is rebuilt by each render of its page; `round`, `deps` and the page's key say when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round, ...deps]);
  const reload = useCallback(() => setRound((now) => now + 1), []);
  return { loaded, reload };
}

/** Shown instead of a list until it is read, or when it could not be. */
export function LoadedPending({ loaded }: { readonly loaded: Loaded<unknown> }) {
  if (loaded.status === 'failed') {
    return (
      <p role="alert" className="alert">
        {loaded.message}
      </p>
    );
  }
  return (
    <p role="status" className="muted">
      Loading…
    </p>
  );
}

/** A date as people of this browser write it. */
export function shortDate(when: number | string): string {
  return new Date(when).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
