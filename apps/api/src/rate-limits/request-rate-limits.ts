import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '../common/http/rate-limited-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import type { RateBudget, RateLimitSettings, RouteBudgetName } from '../config/rate-limit-settings';
import { Metrics } from '../metrics/metrics';
import { RATE_LIMITER, type RateDecision, type RateLimiter } from './rate-limiter.port';

/**
 * The api's request budgets, checked by the API key guard before any work: requests per key, per
 * workspace and per route budget, and failed authentications per client address. A refusal is a
 * RateLimitedError (429 with Retry-After) and counts in `rate_limit_rejections_total`.
 */
@Injectable()
export class RequestRateLimits {
  private readonly settings: RateLimitSettings;
  private readonly signInBudgets: ApiConfig['people']['signInAttempts'];

  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(API_CONFIG) config: ApiConfig,
    private readonly metrics: Metrics,
  ) {
    this.settings = config.rateLimits;
    this.signInBudgets = config.people.signInAttempts;
  }

  /** Refuses an address that failed authentication too often lately (for a request that failed it again). */
  async checkAddress(address: string): Promise<void> {
    const budget = this.settings.authFailuresPerAddress;
    if (!budget) return;
    this.enforce(await this.limiter.peek(`address:${address}`, budget), 'auth_failures', 'Too many failed authentications from this address');
  }

  /** Counts a failed authentication (missing, malformed or unknown key, key of another workspace). */
  async recordAuthFailure(address: string): Promise<void> {
    const budget = this.settings.authFailuresPerAddress;
    if (budget) await this.limiter.take(`address:${address}`, budget);
  }

  /** Spends one request of the key's budget. */
  async admitKey(keyId: string): Promise<void> {
    await this.spend(`key:${keyId}`, this.settings.perKey, 'key', 'Too many requests with this API key');
  }

  /** Spends one request of the workspace's budget, and of the route's own budget if it declares one. */
  async admitWorkspace(workspaceId: string, route: RouteBudgetName | undefined): Promise<void> {
    await this.spend(`workspace:${workspaceId}`, this.settings.perWorkspace, 'workspace', 'Too many requests for this workspace');
    if (route) {
      await this.spend(`route:${route}:${workspaceId}`, this.settings.routes[route], route, `Too many ${route} requests for this workspace`);
    }
  }

  /**
   * Refuses a sign-in when the account or the address has failed too often lately, whatever the
   * password (so a sprayer learns nothing past the budget). Only failures count (recordSignInFailure):
   * a team signing in behind one address is never stopped by its own successes, and the budgets are
   * apart from the authentication failures of keys, so no valid key or session is locked out.
   */
  async checkSignIn(accountKey: string, address: string): Promise<void> {
    const { perAccount, perAddress, windowMs } = this.signInBudgets;
    this.enforce(await this.limiter.peek(`sign-in-address:${address}`, { limit: perAddress, windowMs }), 'sign_in_address', 'Too many failed sign-ins from this address');
    this.enforce(await this.limiter.peek(`sign-in-account:${accountKey}`, { limit: perAccount, windowMs }), 'sign_in_account', 'Too many failed sign-ins for this account');
  }

  /** Counts a failed sign-in against the account (known or not: the answer must not tell) and the address. */
  async recordSignInFailure(accountKey: string, address: string): Promise<void> {
    const { perAccount, perAddress, windowMs } = this.signInBudgets;
    await this.limiter.take(`sign-in-address:${address}`, { limit: perAddress, windowMs });
    await this.limiter.take(`sign-in-account:${accountKey}`, { limit: perAccount, windowMs });
  }

  private async spend(key: string, budget: RateBudget | null, limit: string, message: string): Promise<void> {
    if (budget) this.enforce(await this.limiter.take(key, budget), limit, message);
  }

  private enforce(decision: RateDecision, limit: string, message: string): void {
    if (decision.allowed) return;
    this.metrics.rateLimitRejections.inc({ limit });
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new RateLimitedError(`${message}; retry in ${retryAfterSeconds} s.`, retryAfterSeconds);
  }
}
