import { ApiError } from '../../common/http/api-error';
import { normalizeEmail } from '../accounts';
import type { OidcClaims } from './oidc-client';

/** The person a provider vouched for, as an account is made from them. */
export interface OidcIdentity {
  /** Lower-cased; the provider said it is verified. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly image: string | null;
}

const MAX_EMAIL_LENGTH = 320;
const MAX_NAME_LENGTH = 100;
const MAX_IMAGE_URL_LENGTH = 2048;

/**
 * The identity in a provider's claims; 401 `sign_in_failed` unless the email is there and
 * `email_verified` is exactly `true`: an account is matched by its address, so an address the
 * provider does not vouch for would let anyone who can type it into their profile take it over.
 */
export function verifiedIdentityOf(claims: OidcClaims): OidcIdentity {
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > MAX_EMAIL_LENGTH) {
    throw new ApiError('sign_in_failed', 'Single sign-on failed: the provider did not give an email address.');
  }
  if (claims.email_verified !== true) {
    throw new ApiError('sign_in_failed', 'Single sign-on failed: the provider does not say your email address is verified.');
  }
  const name = text(claims.name);
  const [firstOfName, ...restOfName] = name?.split(/\s+/) ?? [];
  const firstName = text(claims.given_name) ?? firstOfName ?? email.slice(0, email.indexOf('@'));
  const lastName = text(claims.family_name) ?? (text(claims.given_name) ? null : (text(restOfName.join(' ')) ?? null));
  return { email, firstName: firstName.slice(0, MAX_NAME_LENGTH), lastName: lastName?.slice(0, MAX_NAME_LENGTH) ?? null, image: imageUrl(claims.picture) };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

/** A picture shown as an image: an http(s) URL, or nothing. */
function imageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_IMAGE_URL_LENGTH) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
