/**
 * An invitation link's token, kept in the tab (sessionStorage) once read from the address: the
 * fragment leaves the address bar at once, and a person who signs in first comes back here without it.
 */
const KEY = 'invitation-token';

export function rememberInvitationToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode, full): the link still works now, not after signing in.
  }
}

export function rememberedInvitationToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvitationToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
