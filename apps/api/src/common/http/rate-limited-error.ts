import { ApiError } from './api-error';

/** A request over one of its budgets: 429 `rate_limit_error`, with `Retry-After` in seconds. */
export class RateLimitedError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limit_error', message);
    this.name = 'RateLimitedError';
  }
}
