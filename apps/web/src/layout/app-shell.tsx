import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession, useSignedInSession } from '../session/session-context';
import { APP_NAME } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import styles from './app-shell.module.css';

/**
 * The frame of every signed-in page: the app's name, the areas of the workspace (`sections`, a
 * navigation landmark of the page's own), the workspace switch, who is signed in, and signing out.
 */
export function AppShell({ workspaceName, sections, children }: { readonly workspaceName?: string; readonly sections?: ReactNode; readonly children: ReactNode }) {
  const { user, workspaces } = useSignedInSession();
  const { signOut } = useSession();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  async function leave() {
    setError(null);
    try {
      await signOut();
      navigate('~/sign-in', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link href="~/" className={styles.brand}>
          {workspaceName ?? APP_NAME}
        </Link>
        {sections ? <div className={styles.sections}>{sections}</div> : null}
        <nav aria-label="Account" className={styles.account}>
          {workspaces.length > 1 ? (
            <Link href="~/" className={styles.switch}>
              Switch workspace
            </Link>
          ) : null}
          <span className={styles.user} title={user.email}>
            {user.fullName || user.email}
          </span>
          <button type="button" className="button button-secondary button-small" onClick={leave}>
            Sign out
          </button>
        </nav>
      </header>
      {error ? (
        <p role="alert" className="alert">
          {error}
        </p>
      ) : null}
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
