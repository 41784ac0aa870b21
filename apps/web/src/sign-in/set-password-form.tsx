import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../api';
import { useSession } from '../session/session-context';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { newPasswordOf } from './new-password';

/**
 * The page behind a one-time link (the first admin's, a new account's, a password reset): a new
 * password, posted with the link's token to POST /api/auth/links/use, which signs the person in.
 */
export function SetPasswordForm({ token, submitLabel }: { readonly token: string; readonly submitLabel: string }) {
  const { auth } = useApi();
  const { signedIn } = useSession();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = newPasswordOf(form);
    if ('refusal' in typed) {
      setError(typed.refusal);
      return;
    }
    const { password } = typed;
    setPending(true);
    setError(null);
    try {
      signedIn(await auth.useLink({ token, password }));
      navigate('~/', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit}>
      <FormField label="New password" name="password" type="password" autoComplete="new-password" required hint="At least 10 characters." />
      <FormField label="Repeat the password" name="confirmation" type="password" autoComplete="new-password" required />
      <FormError message={error} />
      <button type="submit" className="button" disabled={pending} aria-busy={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
