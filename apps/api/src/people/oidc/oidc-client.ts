import { Inject, Injectable } from '@nestjs/common';
import type * as Oidc from 'openid-client';
import type { Logger } from 'pino';
import { ApiError } from '../../common/http/api-error';
import { LOGGER } from '../../common/logger';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import type { OidcSettings } from '../../config/people-settings';
import type { OidcFlow } from './oidc-flow';
import { openidClient } from './openid-client';

/** Where the provider sends the browser back, under PUBLIC_URL (what is registered at the provider). */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** The claims about the person the provider vouched for (ID token, or userinfo where the ID token lacks the email). */
export type OidcClaims = Readonly<Record<string, unknown>>;

/** What a flow needs from the provider's discovery to begin. */
export interface OidcChallenge {
  readonly state: string;
  readonly nonce: string;
  readonly codeChallenge: string;
}

/** openid-client codes of a provider that answered nothing usable (down, or not answering JSON). */
const UNAVAILABLE_CODES = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_TIMEOUT', 'OAUTH_ABORT']);

/**
 * The OpenID Connect provider as openid-client sees it: discovered once (again after a failure),
 * then the authorization URL of a flow and its code exchanged for the person's claims. Refusals
 * come out as 401 `sign_in_failed`, a provider that does not answer as 503; never a 500.
 */
@Injectable()
export class OidcClient {
  private configuration: Promise<Oidc.Configuration> | null = null;
  private readonly log: Logger;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'oidc' });
  }

  /** The settings, or 404 when single sign-on is not configured. */
  get settings(): OidcSettings {
    const settings = this.config.people.oidc;
    if (!settings) throw new ApiError('not_found', 'Single sign-on is not configured on this server.');
    return settings;
  }

  get redirectUri(): string {
    return `${this.config.publicUrl}${OIDC_CALLBACK_PATH}`;
  }

  /** The provider's authorization URL for a flow: code flow, PKCE S256, state and nonce. */
  async authorizationUrl(challenge: OidcChallenge): Promise<URL> {
    const configuration = await this.discovered();
    return openidClient().buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      state: challenge.state,
      nonce: challenge.nonce,
      code_challenge: challenge.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  /** Exchanges the code of the provider's answer (the callback's query string) for the person's claims. */
  async claimsOf(callbackQuery: URLSearchParams, flow: OidcFlow): Promise<OidcClaims> {
    const configuration = await this.discovered();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = callbackQuery.toString();
    try {
      const tokens = await openidClient().authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new ApiError('sign_in_failed', 'Single sign-on failed: the provider sent no ID token.');
      if (typeof idClaims.email === 'string') return idClaims;
      // Many providers keep the profile and email claims for the userinfo endpoint when an access token is issued.
      const userInfo = await openidClient().fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      return { ...userInfo, sub: idClaims.sub };
    } catch (error) {
      throw this.refusalOf(error);
    }
  }

  private discovered(): Promise<Oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      if (error instanceof ApiError) throw error;
      // Unreachable, or not the issuer configured: nobody can sign on until the operator or the provider fixes it.
      this.log.error({ err: error, issuer: this.settings.issuerUrl }, 'the sign-on provider could not be discovered');
      throw new ApiError('service_unavailable', 'The sign-on provider cannot be reached: try again in a moment.');
    });
    return this.configuration;
  }

  private discover(): Promise<Oidc.Configuration> {
    const { issuerUrl, clientId, clientSecret } = this.settings;
    const issuer = new URL(issuerUrl);
    const secret = clientSecret?.reveal();
    const oidc = openidClient();
    const clientAuth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
    // An http issuer is an operator's explicit choice (a provider on the same host or network).
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    return oidc.discovery(issuer, clientId, undefined, clientAuth, { execute });
  }

  /** The answer for a failure of the flow at the provider; what is not the provider's is rethrown as is. */
  private refusalOf(error: unknown): unknown {
    if (error instanceof ApiError) return error;
    const { AuthorizationResponseError, ClientError, ResponseBodyError } = openidClient();
    if (error instanceof AuthorizationResponseError || error instanceof ResponseBodyError) {
      this.log.warn({ error: error.error, description: error.error_description }, 'the sign-on provider refused the sign-in');
      return new ApiError('sign_in_failed', `Single sign-on failed: the provider answered ${oauthCode(error.error)}.`);
    }
    // fetch fails with a TypeError when the provider cannot be reached (by name: it may come from another realm).
    if (isNamed(error, 'TypeError') || (error instanceof ClientError && UNAVAILABLE_CODES.has(error.code ?? ''))) {
      this.log.warn({ err: error }, 'the sign-on provider did not answer');
      return new ApiError('service_unavailable', 'The sign-on provider did not answer: try again in a moment.');
    }
    if (error instanceof ClientError) {
      this.log.warn({ code: error.code, reason: error.message }, "the sign-on provider's answer failed its checks");
      return new ApiError('sign_in_failed', "Single sign-on failed: the provider's answer did not pass the checks.");
    }
    return error;
  }
}

function isNamed(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === name;
}

/** An OAuth error code as the wire may repeat it (the provider's text, so bounded and plain). */
function oauthCode(code: string): string {
  return /^[\w.-]{1,64}$/.test(code) ? code : 'an error';
}
