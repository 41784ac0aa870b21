import type { SessionResponse } from '@app/contracts/http/auth.types';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, useApi } from '../api';
import { errorMessage } from '../ui/error-message';

/** Whether someone is signed in on this page, as GET /api/auth/session answered last. */
export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out' }
  | { readonly status: 'signed-in'; readonly session: SessionResponse }
  | { readonly status: 'unavailable'; readonly message: string };

export interface SessionContextValue {
  readonly state: SessionState;
  /** After a sign-in answer (password, link): the page is signed in with it. */
  signedIn(session: SessionResponse): void;
  /** Ends the session on the server, then here; refusals other than "already ended" are thrown. */
  signOut(): Promise<void>;
  /** Asks the server again (after it could not be reached). */
  reload(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Asks the server once who is signed in, and turns to signed-out whenever an answer says the session is gone. */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const { client, auth } = useApi();
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    auth.session().then(
      (session) => current && setState({ status: 'signed-in', session }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: 'signed-out' });
        else setState({ status: 'unavailable', message: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [auth, attempt]);

  useEffect(() => client.onUnauthenticated(() => setState({ status: 'signed-out' })), [client]);

  const signedIn = useCallback((session: SessionResponse) => setState({ status: 'signed-in', session }), []);
  const signOut = useCallback(async () => {
    try {
      await auth.signOut();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    setState({ status: 'signed-out' });
  }, [auth]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo(() => ({ state, signedIn, signOut, reload }), [state, signedIn, signOut, reload]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (value === null) throw new Error('useSession needs a SessionProvider above it');
  return value;
}

/** The session of a page behind RequireSession. */
export function useSignedInSession(): SessionResponse {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useSignedInSession is for pages behind RequireSession');
  return state.session;
}
