import { useEffect, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { forgetLinkToken, readLinkToken } from '../routing/link-token';
import { RETURN_TO, safeReturnTo } from '../routing/return-to';
import { useSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { AuthLayout } from './auth-layout';
import { SetPasswordForm } from './set-password-form';
import { SignInForm } from './sign-in-form';

/**
 * `/sign-in`: email and password (and single sign-on when configured). Opened from a one-time
 * sign-in link (`/sign-in#token=…`, the first start's among them), it asks for a password instead.
 */
export function SignInPage() {
  const [token, setToken] = useState(readLinkToken);
  useEffect(forgetLinkToken, []);
  const returnTo = safeReturnTo(new URLSearchParams(useSearch()).get(RETURN_TO));
  const { state } = useSession();
  useDocumentTitle(token ? 'Choose a password' : 'Sign in');

  if (token) {
    return (
      <AuthLayout title="Choose a password">
        <p className="muted">This one-time link signs you in. Choose the password you will sign in with from now on.</p>
        <SetPasswordForm token={token} submitLabel="Set password and sign in" />
        <button type="button" className="button-link" onClick={() => setToken(null)}>
          I have a password: sign in with it
        </button>
      </AuthLayout>
    );
  }
  if (state.status === 'signed-in') return <Redirect to={returnTo} replace />;
  return (
    <AuthLayout title="Sign in">
      <SignInForm returnTo={returnTo} />
    </AuthLayout>
  );
}
