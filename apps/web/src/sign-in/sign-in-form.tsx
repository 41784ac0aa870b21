import type { SignInProvidersResponse } from '@app/contracts/http/single-sign-on.types';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { oidcStartUrl, useApi } from '../api';
import { useSession } from '../session/session-context';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';

/** Email and password, and single sign-on when the server offers it; then on to `returnTo`. */
export function SignInForm({ returnTo }: { readonly returnTo: string }) {
  const { auth } = useApi();
  const { signedIn } = useSession();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [providers, setProviders] = useState<SignInProvidersResponse | null>(null);

  useEffect(() => {
    let current = true;
    // Without an answer the password form is all there is, which is what most servers offer.
    auth.providers().then(
      (answer) => current && setProviders(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [auth]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      signedIn(await auth.signIn({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') }));
      navigate(returnTo, { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <>
      <form className="stack" onSubmit={submit}>
        <FormField label="Email" name="email" type="email" autoComplete="username" required />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <FormError message={error} />
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          Sign in
        </button>
      </form>
      {providers?.oidc ? (
        <div className="stack">
          <p className="divider">
            <span>or</span>
          </p>
          <a className="button button-secondary" href={oidcStartUrl(returnTo)}>
            Sign in with {providers.oidc.label}
          </a>
        </div>
      ) : null}
    </>
  );
}
