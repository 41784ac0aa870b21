import { nonEmpty, parseIntegerVariable, type Environment } from '@app/storage';
import { Secret } from './provider-settings';

/** Single sign-on with an OpenID Connect provider (authorization code flow with PKCE). */
export interface OidcSettings {
  /** The provider's issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  readonly issuerUrl: string;
  readonly clientId: string;
  readonly clientSecret: Secret | null;
  /** The name the sign-in page shows on its button. */
  readonly label: string;
}

/** Accounts, sign-in and sessions. */
export interface PeopleSettings {
  /** How long a session lives after sign-in. */
  readonly sessionTtlMs: number;
  /** How long a sign-in or password-reset link stays valid. */
  readonly signInLinkTtlMs: number;
  /** How long an invitation stays valid. */
  readonly invitationTtlMs: number;
  /** Sign-in attempts allowed per account and per client address in each window. */
  readonly signInAttempts: { readonly perAccount: number; readonly perAddress: number; readonly windowMs: number };
  /** Null when single sign-on is not configured. */
  readonly oidc: OidcSettings | null;
  /** The first admin account, created with the default workspace on the first start (lower-cased); null: none. */
  readonly adminEmail: string | null;
  /**
   * The server secret that keys what the api seals for browsers (the sign-on flow cookie). Null: one
   * is generated at first start and kept in the data directory; replicas must share one, so set it.
   */
  readonly authSecret: Secret | null;
}

export function parsePeopleSettings(env: Environment, problems: string[]): PeopleSettings {
  return {
    sessionTtlMs: parseIntegerVariable(env, 'SESSION_TTL_HOURS', 24 * 14, { min: 1, max: 24 * 365 }, problems) * 3_600_000,
    signInLinkTtlMs: parseIntegerVariable(env, 'SIGN_IN_LINK_TTL_MINUTES', 60, { min: 1, max: 60 * 24 * 7 }, problems) * 60_000,
    invitationTtlMs: parseIntegerVariable(env, 'INVITATION_TTL_DAYS', 7, { min: 1, max: 90 }, problems) * 86_400_000,
    signInAttempts: {
      perAccount: parseIntegerVariable(env, 'SIGN_IN_ATTEMPTS_PER_ACCOUNT', 10, { min: 1, max: 10_000 }, problems),
      perAddress: parseIntegerVariable(env, 'SIGN_IN_ATTEMPTS_PER_ADDRESS', 50, { min: 1, max: 100_000 }, problems),
      windowMs: parseIntegerVariable(env, 'SIGN_IN_ATTEMPTS_WINDOW_MINUTES', 15, { min: 1, max: 24 * 60 }, problems) * 60_000,
    },
    oidc: parseOidcSettings(env, problems),
    adminEmail: parseAdminEmail(env, problems),
    authSecret: parseAuthSecret(env, problems),
  };
}

function parseAuthSecret(env: Environment, problems: string[]): Secret | null {
  const secret = nonEmpty(env.AUTH_SECRET);
  if (!secret) return null;
  if (!/^[\x21-\x7e]{32,}$/.test(secret)) problems.push('AUTH_SECRET must be at least 32 printable characters without spaces (for example: openssl rand -base64 32)');
  return new Secret(secret);
}

function parseAdminEmail(env: Environment, problems: string[]): string | null {
  const email = nonEmpty(env.ADMIN_EMAIL)?.toLowerCase() ?? null;
  if (email !== null && (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320)) problems.push('ADMIN_EMAIL must be an email address');
  return email;
}

function parseOidcSettings(env: Environment, problems: string[]): OidcSettings | null {
  const issuerUrl = nonEmpty(env.OIDC_ISSUER_URL);
  const clientId = nonEmpty(env.OIDC_CLIENT_ID);
  if (!issuerUrl && !clientId) return null;
  if (!issuerUrl || !clientId) {
    problems.push('OIDC_ISSUER_URL and OIDC_CLIENT_ID go together (single sign-on needs both)');
    return null;
  }
  if (!/^https?:\/\/[^/]+/.test(issuerUrl)) problems.push('OIDC_ISSUER_URL must be an http(s) URL');
  const secret = nonEmpty(env.OIDC_CLIENT_SECRET);
  return { issuerUrl: issuerUrl.replace(/\/+$/, ''), clientId, clientSecret: secret ? new Secret(secret) : null, label: nonEmpty(env.OIDC_LABEL) ?? 'Single sign-on' };
}
