import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { signInPath } from '../routing/return-to';
import { LoadingScreen } from '../ui/loading-screen';
import { PageHeading } from '../ui/page-heading';
import { useSession } from './session-context';

/** Shows `children` to a signed-in person; sends anyone else to sign in, coming back here afterwards. */
export function RequireSession({ children }: { readonly children: ReactNode }) {
  const { state, reload } = useSession();
  switch (state.status) {
    case 'loading':
      return <LoadingScreen />;
    case 'signed-out':
      // The whole address: inside a nested route, wouter's location is relative to the nest.
      return <Redirect to={`~${signInPath(`${window.location.pathname}${window.location.search}`)}`} replace />;
    case 'unavailable':
      return (
        <main className="centered">
          <div className="card">
            <PageHeading>The server did not answer</PageHeading>
            <p role="alert">{state.message}</p>
            <button type="button" className="button" onClick={reload}>
              Try again
            </button>
          </div>
        </main>
      );
    case 'signed-in':
      return children;
  }
}
