import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../common/http/session-access';

/** The session secret a request's cookie carries, if any. */
export function sessionSecretOf(request: Request): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const value = parse(header)[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** Whether the browser reached us over HTTPS (directly, or through a proxy Express trusts). */
function overHttps(request: Request): boolean {
  return request.secure;
}

/** Sets the session cookie: HTTP-only, SameSite=Lax, Secure when served over HTTPS, for as long as the session lives. */
export function setSessionCookie(request: Request, response: Response, secret: string, expiresAt: number): void {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  response.append('Set-Cookie', serialize(SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: overHttps(request), path: '/', maxAge }));
}

export function clearSessionCookie(request: Request, response: Response): void {
  response.append('Set-Cookie', serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: overHttps(request), path: '/', maxAge: 0 }));
}
