import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ApiError } from '../../common/http/api-error';
import { LOGGER } from '../../common/logger';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AuthSecret } from './auth-secret';
import { OIDC_FLOW_TTL_MS, OidcFlowSeal, isReturnPath, type OidcFlow } from './oidc-flow';
import { openidClient } from './openid-client';

/** A flow just begun: what the browser keeps, and the PKCE challenge the provider gets. */
export interface BegunFlow {
  readonly flow: OidcFlow;
  readonly sealed: string;
  readonly codeChallenge: string;
}

/**
 * Sign-on flows: their random checks (state, nonce, PKCE verifier), sealed for the browser with a
 * key derived from the server secret. The key is made at boot when single sign-on is configured.
 */
@Injectable()
export class OidcFlows {
  private readonly seal: OidcFlowSeal | null;

  constructor(@Inject(API_CONFIG) config: ApiConfig, authSecret: AuthSecret, @Inject(LOGGER) logger: Logger) {
    this.seal = config.people.oidc ? new OidcFlowSeal(authSecret.keyFor('oidc-flow-cookie')) : null;
    if (config.people.oidc && !config.people.authSecret && !config.storage.embedded) {
      logger.warn({ component: 'oidc' }, 'AUTH_SECRET is not set: a sign-on begun on one api replica fails on another unless they share a data directory; set the same AUTH_SECRET on every replica');
    }
  }

  /** A new flow back to `returnTo` (404 when single sign-on is not configured, 400 unless `returnTo` is a path of this origin). */
  async begin(returnTo: string): Promise<BegunFlow> {
    const seal = this.sealer();
    if (!isReturnPath(returnTo)) throw new ApiError('invalid_request_error', 'Invalid query: returnTo must be a path of this site, starting with a single "/".');
    const flow: OidcFlow = {
      state: openidClient().randomState(),
      nonce: openidClient().randomNonce(),
      codeVerifier: openidClient().randomPKCECodeVerifier(),
      returnTo,
      expiresAt: Date.now() + OIDC_FLOW_TTL_MS,
    };
    return { flow, sealed: seal.seal(flow), codeChallenge: await openidClient().calculatePKCECodeChallenge(flow.codeVerifier) };
  }

  /** The flow a callback's cookie carries, checked against the state the provider sent back; 400 otherwise. */
  resume(sealed: string | null, state: string | null): OidcFlow {
    const seal = this.sealer();
    const flow = sealed === null ? null : seal.open(sealed, Date.now());
    if (!flow) throw new ApiError('invalid_request_error', 'This sign-in did not start in this browser, or took longer than 10 minutes: start it again.');
    if (state !== flow.state) throw new ApiError('invalid_request_error', 'This answer of the sign-on provider is not for the sign-in this browser started: start it again.');
    return flow;
  }

  private sealer(): OidcFlowSeal {
    if (!this.seal) throw new ApiError('not_found', 'Single sign-on is not configured on this server.');
    return this.seal;
  }
}
