import { Module } from '@nestjs/common';
import { InMemoryRateLimiter } from './in-memory-rate-limiter';
import { RATE_LIMITER } from './rate-limiter.port';
import { RequestRateLimits } from './request-rate-limits';

/**
 * Request budgets. Counted in this process's memory: with several api replicas each one counts
 * alone, so a client spread over N replicas gets up to N times a budget (a shared store can
 * replace the limiter behind RATE_LIMITER).
 */
@Module({
  providers: [{ provide: RATE_LIMITER, useFactory: () => new InMemoryRateLimiter() }, RequestRateLimits],
  exports: [RequestRateLimits],
})
export class RateLimitsModule {}
