import { SqliteReadStore } from '@app/storage';
import pino from 'pino';
import { API_KEY_USAGE_WRITE_INTERVAL_MS, ApiKeyUsage } from './api-key-usage';

describe('ApiKeyUsage', () => {
  let store: SqliteReadStore;
  let usage: ApiKeyUsage;
  const t0 = 1_700_000_000_000;

  beforeEach(() => {
    store = new SqliteReadStore({ path: ':memory:' });
    usage = new ApiKeyUsage(store, pino({ level: 'silent' }));
  });
  afterEach(() => store.close());

  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('records the last use of a key, at most once a minute per key', async () => {
    const put = jest.spyOn(store, 'put');
    usage.touch('key_a', t0);
    usage.touch('key_a', t0 + 1_000);
    usage.touch('key_b', t0 + 2_000);
    await settled();
    expect(put).toHaveBeenCalledTimes(2);
    expect(await usage.lastUsed(['key_a', 'key_b', 'key_c'])).toEqual(new Map([['key_a', t0], ['key_b', t0 + 2_000]]));

    usage.touch('key_a', t0 + API_KEY_USAGE_WRITE_INTERVAL_MS);
    await settled();
    expect(put).toHaveBeenCalledTimes(3);
    expect((await usage.lastUsed(['key_a'])).get('key_a')).toBe(t0 + API_KEY_USAGE_WRITE_INTERVAL_MS);
  });

  it('a failed write neither reaches the request nor stops the next attempt', async () => {
    const put = jest.spyOn(store, 'put').mockRejectedValueOnce(new Error('disk full'));
    expect(() => usage.touch('key_a', t0)).not.toThrow();
    await settled();
    usage.touch('key_a', t0 + 1_000);
    await settled();
    expect(put).toHaveBeenCalledTimes(2);
    expect((await usage.lastUsed(['key_a'])).get('key_a')).toBe(t0 + 1_000);
  });

  it('knows no use before the first one (the collection may not exist yet)', async () => {
    expect(await usage.lastUsed(['key_a'])).toEqual(new Map());
  });
});
