import { parseRateLimitSettings } from './rate-limit-settings';

describe('parseRateLimitSettings', () => {
  it("keeps generous defaults when nothing is set, and the real product's budgets for bulk routes", () => {
    const problems: string[] = [];
    expect(parseRateLimitSettings({}, problems)).toEqual({
      perKey: { limit: 6_000, windowMs: 60_000 },
      perWorkspace: { limit: 12_000, windowMs: 60_000 },
      authFailuresPerAddress: { limit: 30, windowMs: 60_000 },
      routes: {
        document_upserts: { limit: 120, windowMs: 60_000 },
        table_writes: { limit: 120, windowMs: 60_000 },
        file_uploads: { limit: 40, windowMs: 60_000 },
      },
    });
    expect(problems).toEqual([]);
  });

  it('reads "<count>/<window>" in every unit, and "off"', () => {
    const problems: string[] = [];
    const settings = parseRateLimitSettings(
      { RATE_LIMIT_PER_KEY: '600/10s', RATE_LIMIT_PER_WORKSPACE: ' OFF ', RATE_LIMIT_AUTH_FAILURES: '5/m' },
      problems,
    );
    expect(settings).toMatchObject({ perKey: { limit: 600, windowMs: 10_000 }, perWorkspace: null, authFailuresPerAddress: { limit: 5, windowMs: 60_000 } });
    expect(parseRateLimitSettings({ RATE_LIMIT_PER_KEY: '3/250ms', RATE_LIMIT_PER_WORKSPACE: '1/24h' }, problems)).toMatchObject({
      perKey: { limit: 3, windowMs: 250 },
      perWorkspace: { limit: 1, windowMs: 86_400_000 },
    });
    expect(problems).toEqual([]);
  });

  it("lets an operator raise or turn off the bulk routes' budgets", () => {
    const problems: string[] = [];
    const settings = parseRateLimitSettings({ RATE_LIMIT_DOCUMENT_UPSERTS: '6000/1m', RATE_LIMIT_TABLE_WRITES: 'off', RATE_LIMIT_FILE_UPLOADS: '10/1s' }, problems);
    expect(settings.routes).toEqual({ document_upserts: { limit: 6_000, windowMs: 60_000 }, table_writes: null, file_uploads: { limit: 10, windowMs: 1_000 } });
    parseRateLimitSettings({ RATE_LIMIT_FILE_UPLOADS: 'lots' }, problems);
    expect(problems).toEqual([expect.stringMatching(/^RATE_LIMIT_FILE_UPLOADS must be "<count>\/<window>"/)]);
  });

  it('names each variable it cannot read', () => {
    for (const bad of ['600', '0/1s', '10/0s', '10/1d', '10/25h', '-1/1s', '1.5/1s', '10 / 1s', '99999999999999999999/1s']) {
      const problems: string[] = [];
      parseRateLimitSettings({ RATE_LIMIT_AUTH_FAILURES: bad }, problems);
      expect({ bad, problems }).toEqual({ bad, problems: [expect.stringMatching(/^RATE_LIMIT_AUTH_FAILURES must be "<count>\/<window>"/)] });
    }
  });
});
