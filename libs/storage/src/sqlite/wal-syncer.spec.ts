import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalSyncer } from './wal-syncer';

describe('WalSyncer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-syncer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shares one flush among the calls made before it starts, and starts another for calls made during it', async () => {
    const wal = join(dir, 'a.sqlite-wal');
    writeFileSync(wal, 'frames');
    const syncer = new WalSyncer(wal);
    const first = syncer.sync();
    expect(syncer.sync()).toBe(first);
    // By the next turn of the loop the flush has started (or ended): a new call needs a new one.
    await new Promise((resolve) => setImmediate(resolve));
    const during = syncer.sync();
    expect(during).not.toBe(first);
    await Promise.all([first, during]);
    await syncer.close();
    await expect(syncer.sync()).rejects.toThrow(/closed/);
  });

  it('fails a flush of a log that is not there, and flushes once it is', async () => {
    const wal = join(dir, 'b.sqlite-wal');
    const syncer = new WalSyncer(wal);
    await expect(syncer.sync()).rejects.toMatchObject({ code: 'ENOENT' });
    writeFileSync(wal, 'frames');
    await expect(syncer.sync()).resolves.toBeUndefined();
    expect(() => new WalSyncer(join(dir, 'none.sqlite-wal')).syncNow()).not.toThrow();
    await syncer.close();
  });
});
