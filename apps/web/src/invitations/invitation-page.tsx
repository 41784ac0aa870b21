import type { AcceptInvitationResponse } from '@app/contracts/http/member.types';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useApi } from '../api';
import { forgetLinkToken, readLinkToken } from '../routing/link-token';
import { signInPath } from '../routing/return-to';
import { useSession } from '../session/session-context';
import { AuthLayout } from '../sign-in/auth-layout';
import { newPasswordOf } from '../sign-in/new-password';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { forgetInvitationToken, rememberedInvitationToken, rememberInvitationToken } from './invitation-token';

const TITLE = 'Join a workspace';

/**
 * `/invitations#token=…`: the page of an invitation link. Someone signed in accepts it as
 * themselves (the api checks the address is the invited one); anyone else creates their account
 * here, or signs in first and comes back. Either way they land in the workspace they joined.
 */
export function InvitationPage() {
  const [token] = useState(() => readLinkToken() ?? rememberedInvitationToken());
  useEffect(() => {
    if (token !== null) rememberInvitationToken(token);
    forgetLinkToken();
  }, [token]);
  useDocumentTitle(TITLE);
  const { state } = useSession();

  if (token === null) {
    return (
      <AuthLayout title={TITLE}>
        <p>This page opens from an invitation link, and this address has none. Ask an administrator of the workspace to invite you again.</p>
        <p>
          <Link href="/sign-in">Go to sign in</Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={TITLE}>
      {state.status === 'loading' ? (
        <p role="status" className="muted">
          Loading…
        </p>
      ) : state.status === 'signed-in' ? (
        <AcceptAsSignedIn token={token} email={state.session.user.email} />
      ) : (
        <CreateAccountAndJoin token={token} />
      )}
    </AuthLayout>
  );
}

/** After the api said yes: the session as it now stands (with the new workspace), then the workspace. */
function useJoined(): (accepted: AcceptInvitationResponse) => Promise<void> {
  const { auth } = useApi();
  const { signedIn } = useSession();
  const [, navigate] = useLocation();
  return async (accepted) => {
    forgetInvitationToken();
    signedIn(accepted.session ?? (await auth.session()));
    navigate(`~/w/${encodeURIComponent(accepted.workspace.sId)}`, { replace: true });
  };
}

function AcceptAsSignedIn({ token, email }: { readonly token: string; readonly email: string }) {
  const { invitations } = useApi();
  const { signOut } = useSession();
  const joined = useJoined();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setPending(true);
    setError(null);
    try {
      await joined(await invitations.accept({ token }));
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <div className="stack">
      <p>
        You are signed in as <strong>{email}</strong>. The invitation is for one address: accept it with the account it was sent to.
      </p>
      <FormError message={error} />
      <button type="button" className="button" onClick={accept} disabled={pending} aria-busy={pending}>
        Accept the invitation
      </button>
      <button type="button" className="button button-secondary" onClick={() => signOut().catch((failure: unknown) => setError(errorMessage(failure)))} disabled={pending}>
        Sign out to use another account
      </button>
    </div>
  );
}

function CreateAccountAndJoin({ token }: { readonly token: string }) {
  const { invitations } = useApi();
  const joined = useJoined();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = newPasswordOf(form);
    if ('refusal' in typed) {
      setError(typed.refusal);
      return;
    }
    const { password } = typed;
    const lastName = String(form.get('lastName') ?? '').trim();
    setPending(true);
    setError(null);
    try {
      await joined(await invitations.accept({ token, firstName: String(form.get('firstName') ?? '').trim(), lastName: lastName === '' ? null : lastName, password }));
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <>
      <form className="stack" onSubmit={submit} aria-label="Create your account">
        <FormField label="First name" name="firstName" autoComplete="given-name" required maxLength={100} />
        <FormField label="Last name" name="lastName" autoComplete="family-name" maxLength={100} />
        <FormField label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 10 characters." />
        <FormField label="Repeat the password" name="confirmation" type="password" autoComplete="new-password" required />
        <FormError message={error} />
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          Create account and join
        </button>
      </form>
      <p className="muted">
        Already have an account? <Link href={signInPath('/invitations')}>Sign in first</Link>, then accept the invitation here.
      </p>
    </>
  );
}
