import { parseBooleanVariable, parseIntegerVariable, type Environment } from '@app/storage';

/** Deliveries of event subscriptions: whether this process delivers, and the limits of each request. */
export interface SubscriptionSettings {
  /** This process takes part in delivering (replicas share the work through per-subscription leases). */
  readonly deliver: boolean;
  /** A receiver must answer within this. */
  readonly timeoutMs: number;
  /** Largest response body read from a receiver; beyond it the delivery fails. */
  readonly maxResponseBytes: number;
  /** First retry delay; each next one doubles, up to `retryMaxDelayMs`. */
  readonly retryBaseMs: number;
  readonly retryMaxDelayMs: number;
  /** A delivery failing for this long pauses its subscription (the reason visible to admins). */
  readonly retryForMs: number;
  /** How often idle subscriptions look for new events in the log. */
  readonly pollMs: number;
  /**
   * A replica's claim on delivering a subscription lasts this long past the longest request it may
   * be waiting on (`timeoutMs`); a replica that stops renewing it (killed) is taken over after that.
   */
  readonly leaseMs: number;
}

export function parseSubscriptionSettings(env: Environment, problems: string[]): SubscriptionSettings {
  return {
    deliver: parseBooleanVariable(env, 'SUBSCRIPTIONS_DELIVER', true, problems),
    timeoutMs: parseIntegerVariable(env, 'SUBSCRIPTION_TIMEOUT_MS', 10_000, { min: 50, max: 120_000 }, problems),
    maxResponseBytes: parseIntegerVariable(env, 'SUBSCRIPTION_MAX_RESPONSE_BYTES', 64 * 1024, { min: 1024, max: 16 * 1024 * 1024 }, problems),
    retryBaseMs: parseIntegerVariable(env, 'SUBSCRIPTION_RETRY_BASE_MS', 1_000, { min: 10, max: 3_600_000 }, problems),
    retryMaxDelayMs: parseIntegerVariable(env, 'SUBSCRIPTION_RETRY_MAX_DELAY_MS', 600_000, { min: 10, max: 86_400_000 }, problems),
    retryForMs: parseIntegerVariable(env, 'SUBSCRIPTION_RETRY_FOR_MS', 86_400_000, { min: 100, max: 7 * 86_400_000 }, problems),
    pollMs: parseIntegerVariable(env, 'SUBSCRIPTION_POLL_MS', 250, { min: 10, max: 60_000 }, problems),
    leaseMs: parseIntegerVariable(env, 'SUBSCRIPTION_LEASE_MS', 15_000, { min: 100, max: 600_000 }, problems),
  };
}
