import { Route, Switch } from 'wouter';
import { ApiProvider, type Api } from './api';
import { InvitationPage } from './invitations/invitation-page';
import { NotFoundPage } from './not-found/not-found-page';
import { ResetPasswordPage } from './reset-password/reset-password-page';
import { RequireSession } from './session/require-session';
import { SessionProvider } from './session/session-context';
import { SignInPage } from './sign-in/sign-in-page';
import { HomePage } from './workspaces/home-page';
import { WorkspacePage } from './workspace/workspace-page';

/**
 * The routes of the web app. The api serves index.html for any of these paths (and any other
 * non-API path a browser asks for), so each one can be opened, reloaded and bookmarked.
 */
export function App({ api }: { readonly api: Api }) {
  return (
    <ApiProvider api={api}>
      <SessionProvider>
        <Switch>
          <Route path="/sign-in">
            <SignInPage />
          </Route>
          <Route path="/reset-password">
            <ResetPasswordPage />
          </Route>
          <Route path="/invitations">
            <InvitationPage />
          </Route>
          <Route path="/">
            <RequireSession>
              <HomePage />
            </RequireSession>
          </Route>
          <Route path="/w/:wId" nest>
            {({ wId }) => (
              <RequireSession>
                <WorkspacePage wId={wId} />
              </RequireSession>
            )}
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </SessionProvider>
    </ApiProvider>
  );
}
