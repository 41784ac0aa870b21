import { RateLimitedError } from '../common/http/rate-limited-error';
import { loadApiConfig } from '../config/api-config';
import { Metrics } from '../metrics/metrics';
import { InMemoryRateLimiter } from './in-memory-rate-limiter';
import { RequestRateLimits } from './request-rate-limits';

describe('RequestRateLimits', () => {
  let nowMs: number;
  let metrics: Metrics;
  let limits: RequestRateLimits;

  beforeEach(() => {
    nowMs = 0;
    metrics = new Metrics();
    const config = loadApiConfig({ RATE_LIMIT_PER_KEY: '10/1m', RATE_LIMIT_PER_WORKSPACE: '10/1m', RATE_LIMIT_AUTH_FAILURES: '2/1m', RATE_LIMIT_FILE_UPLOADS: '2/1m' });
    limits = new RequestRateLimits(new InMemoryRateLimiter({ now: () => nowMs }), config, metrics);
  });

  async function refusal(attempt: Promise<void>): Promise<RateLimitedError> {
    const error = await attempt.then(() => null, (thrown: unknown) => thrown);
    if (!(error instanceof RateLimitedError)) throw new Error(`expected a RateLimitedError, got ${String(error)}`);
    return error;
  }

  async function rejections(limit: string): Promise<number> {
    return (await metrics.rateLimitRejections.get()).values.find((value) => value.labels.limit === limit)?.value ?? 0;
  }

  it('refuses an address only once it has failed its budget, with the seconds until the next attempt', async () => {
    await limits.checkAddress('203.0.113.1');
    await limits.recordAuthFailure('203.0.113.1');
    await limits.checkAddress('203.0.113.1');
    await limits.recordAuthFailure('203.0.113.1');
    const refused = await refusal(limits.checkAddress('203.0.113.1'));
    expect(refused).toMatchObject({ type: 'rate_limit_error', retryAfterSeconds: 30 });
    expect(refused.message).toBe('Too many failed authentications from this address; retry in 30 s.');
    // Checking spends nothing: the address is back once one failure has been given back.
    nowMs += 29_999;
    await refusal(limits.checkAddress('203.0.113.1'));
    nowMs += 1;
    await limits.checkAddress('203.0.113.1');
    await limits.checkAddress('203.0.113.2');
    expect(await rejections('auth_failures')).toBe(2);
  });

  it('gives a route budget its own bucket per workspace, from configuration, counted under the route name', async () => {
    await limits.admitWorkspace('w1', 'file_uploads');
    await limits.admitWorkspace('w1', 'file_uploads');
    const refused = await refusal(limits.admitWorkspace('w1', 'file_uploads'));
    expect(refused.message).toBe('Too many file_uploads requests for this workspace; retry in 30 s.');
    // The workspace's other routes and another workspace's uploads are untouched.
    await limits.admitWorkspace('w1', undefined);
    await limits.admitWorkspace('w2', 'file_uploads');
    await limits.admitWorkspace('w1', 'document_upserts');
    expect(await rejections('file_uploads')).toBe(1);
    expect(await rejections('workspace')).toBe(0);
  });

  it('never refuses under a budget that is off', async () => {
    const config = loadApiConfig({
      RATE_LIMIT_PER_KEY: 'off',
      RATE_LIMIT_PER_WORKSPACE: 'off',
      RATE_LIMIT_AUTH_FAILURES: 'off',
      RATE_LIMIT_DOCUMENT_UPSERTS: 'off',
      RATE_LIMIT_TABLE_WRITES: 'OFF',
      RATE_LIMIT_FILE_UPLOADS: 'off',
    });
    const open = new RequestRateLimits(new InMemoryRateLimiter({ now: () => nowMs }), config, metrics);
    for (let i = 0; i < 1_000; i += 1) {
      await open.recordAuthFailure('203.0.113.1');
      await open.checkAddress('203.0.113.1');
      await open.admitKey('k1');
      await open.admitWorkspace('w1', undefined);
      for (const route of ['document_upserts', 'table_writes', 'file_uploads'] as const) await open.admitWorkspace('w1', route);
    }
  });
});
