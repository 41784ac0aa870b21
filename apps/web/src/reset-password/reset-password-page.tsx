import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { forgetLinkToken, readLinkToken } from '../routing/link-token';
import { AuthLayout } from '../sign-in/auth-layout';
import { SetPasswordForm } from '../sign-in/set-password-form';
import { useDocumentTitle } from '../ui/document-title';

/** `/reset-password#token=…`: the page of a password-reset link (`npm run cli -- user password-link`). */
export function ResetPasswordPage() {
  const [token] = useState(readLinkToken);
  useEffect(forgetLinkToken, []);
  useDocumentTitle('Set a new password');

  return (
    <AuthLayout title="Set a new password">
      {token ? (
        <>
          <p className="muted">Your other sessions end when the new password is set.</p>
          <SetPasswordForm token={token} submitLabel="Set password and sign in" />
        </>
      ) : (
        <>
          <p>This page opens from a password-reset link, and this address has none. Ask an administrator for a new link.</p>
          <p>
            <Link href="/sign-in">Back to sign in</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
