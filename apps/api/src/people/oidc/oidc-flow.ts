import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { SecretBox } from '../../remote-mcp/secret-box';

/** The cookie that carries a sign-on flow from its start to the provider's callback. */
export const OIDC_FLOW_COOKIE = 'dust_oidc_flow';
/** How long a person has at the provider before the flow lapses. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
/** The cookie goes back only to the sign-on routes. */
const OIDC_COOKIE_PATH = '/api/auth/oidc';
const MAX_SEALED_LENGTH = 4096;

/** What the callback must check against the provider's answer, and where the person goes next. */
export interface OidcFlow {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** A path of this origin. */
  readonly returnTo: string;
  readonly expiresAt: number;
}

/**
 * Seals a flow for the browser to keep (AES-256-GCM: nobody reads it, and a changed byte opens
 * nothing), so any api replica holding the same key finishes the flow another one started.
 */
export class OidcFlowSeal {
  private readonly box: SecretBox;

  constructor(key: Buffer) {
    this.box = new SecretBox(key);
  }

  seal(flow: OidcFlow): string {
    return this.box.seal(JSON.stringify(flow));
  }

  /** The flow, or null when the value was not sealed with this key, was changed, or has lapsed. */
  open(sealed: string, now: number): OidcFlow | null {
    if (sealed.length > MAX_SEALED_LENGTH) return null;
    let value: unknown;
    try {
      value = JSON.parse(this.box.open(sealed));
    } catch {
      return null;
    }
    const flow = asFlow(value);
    return flow && flow.expiresAt > now ? flow : null;
  }
}

function asFlow(value: unknown): OidcFlow | null {
  if (typeof value !== 'object' || value === null) return null;
  const { state, nonce, codeVerifier, returnTo, expiresAt } = value as Record<string, unknown>;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof returnTo !== 'string') return null;
  if (typeof expiresAt !== 'number' || !isReturnPath(returnTo)) return null;
  return { state, nonce, codeVerifier, returnTo, expiresAt };
}

/**
 * A path of this origin to send the person back to: starts with one `/` (`//host` and `/\host`
 * name another origin to a browser), printable ASCII, bounded.
 */
export function isReturnPath(value: string): boolean {
  return value.length <= 2048 && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) && !value.includes('\\');
}

export function oidcFlowCookieOf(request: Request): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  return parse(header)[OIDC_FLOW_COOKIE] ?? null;
}

/** HTTP-only, SameSite=Lax (sent on the provider's redirect back, a top-level GET), Secure over HTTPS. */
export function setOidcFlowCookie(request: Request, response: Response, sealed: string): void {
  const maxAge = Math.floor(OIDC_FLOW_TTL_MS / 1000);
  response.append('Set-Cookie', serialize(OIDC_FLOW_COOKIE, sealed, { httpOnly: true, sameSite: 'lax', secure: request.secure, path: OIDC_COOKIE_PATH, maxAge }));
}

export function clearOidcFlowCookie(request: Request, response: Response): void {
  response.append('Set-Cookie', serialize(OIDC_FLOW_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: request.secure, path: OIDC_COOKIE_PATH, maxAge: 0 }));
}
