import { createHash } from 'node:crypto';
import { hashApiKeySecret } from '../../common/ids';

/**
 * The only form in which a session, link, token or invitation secret is stored: its SHA-256 (hex),
 * the same one-shot hash API keys are stored by.
 */
export function secretHashOf(secret: string): string {
  return hashApiKeySecret(secret);
}

/**
 * The CSRF token of a session: derived from the cookie's secret, which a page of another origin can
 * neither read nor guess, so only the signed-in page (which got it from the sign-in answer or
 * `GET /api/auth/session`) can send it back in `x-csrf-token`.
 */
export function csrfTokenOf(sessionSecret: string): string {
  return createHash('sha256').update(`csrf:${sessionSecret}`).digest('base64url');
}

/** The SHA-256 (hex) of a lower-cased, trimmed email address: what names the address's claim stream. */
export function emailHashOf(email: string): string {
  return hashApiKeySecret(email.trim().toLowerCase());
}
