import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEARTBEAT_MAX_AGE_MS, heartbeatIsFresh, startHeartbeat, type HeartbeatSources } from './heartbeat';

describe('projector heartbeat', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wcs-heartbeat-'));
    path = join(dir, 'projector.heartbeat');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const sources = (eventStoreUp: () => Promise<boolean>): HeartbeatSources => ({
    eventStore: { ping: eventStoreUp },
    readStore: { ping: async () => true },
    projector: { position: 42 },
  });

  it('beats with the time and the position while both stores answer', async () => {
    const heartbeat = startHeartbeat(path, sources(async () => true), 20);
    await sleep(60);
    heartbeat.stop();
    const beat = JSON.parse(readFileSync(path, 'utf8'));
    expect(beat).toEqual({ at: expect.any(Number), position: 42 });
    expect(Date.now() - beat.at).toBeLessThan(1_000);
    expect(heartbeatIsFresh(path)).toBe(true);
  });

  it('does not beat while a store is down or does not answer in time', async () => {
    for (const ping of [async () => false, () => Promise.reject(new Error('down')), () => new Promise<boolean>(() => undefined)]) {
      const heartbeat = startHeartbeat(path, sources(ping), 20);
      await sleep(60);
      heartbeat.stop();
      expect(heartbeatIsFresh(path)).toBe(false);
    }
  });

  it('a missing, unreadable or old heartbeat is not fresh', () => {
    expect(heartbeatIsFresh(path)).toBe(false);
    writeFileSync(path, '{"at":');
    expect(heartbeatIsFresh(path)).toBe(false);
    const now = Date.now();
    writeFileSync(path, JSON.stringify({ at: now - HEARTBEAT_MAX_AGE_MS, position: 1 }));
    expect(heartbeatIsFresh(path, now)).toBe(false);
    expect(heartbeatIsFresh(path, now - 1)).toBe(true);
  });
});
