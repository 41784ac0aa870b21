// Where a signed-in browser's session counts, read by the guard and by the OpenAPI document.

/** The cookie that carries a signed-in browser's session secret. */
export const SESSION_COOKIE = 'dust_session';

/** The header a request with a session cookie that changes something carries the session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** Paths where the session cookie counts: the private family and the person's own routes. */
export const SESSION_PATHS = /^\/api\/(w|auth|user)\//;
