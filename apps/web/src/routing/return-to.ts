/** The query parameter the sign-in page reads to go back where the person was. */
export const RETURN_TO = 'returnTo';

/**
 * A path of this site to go to after signing in, or `/`: anything else (another origin,
 * `//host`, a `javascript:` URL, a backslash that browsers read as a slash) is dropped, so a
 * crafted sign-in link cannot send a person away.
 */
export function safeReturnTo(candidate: string | null | undefined): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return '/';
  // Control characters are stripped by URL parsers, which would turn `/\t/host` into `//host`.
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return '/';
  if (candidate === '/sign-in' || candidate.startsWith('/sign-in?') || candidate.startsWith('/sign-in#')) return '/';
  return candidate;
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  const back = safeReturnTo(path);
  return back === '/' ? '/sign-in' : `/sign-in?${new URLSearchParams({ [RETURN_TO]: back }).toString()}`;
}
