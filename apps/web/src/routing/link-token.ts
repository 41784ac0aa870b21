/**
 * A sign-in or password-reset link's token, from the page's address (`#token=…`). The fragment
 * never reaches a server (nor a Referer): the page posts the token itself.
 */
export function readLinkToken(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return token === null || token.length === 0 ? null : token;
}

/** Removes the fragment from the address bar and the history entry, so the token is neither kept nor shared by accident. */
export function forgetLinkToken(): void {
  if (window.location.hash === '') return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}
