import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import { until } from '@app/contracts/test/until';
import { checkpointName, GenerationRegistry, SqliteEventStore, SqliteReadStore, type NewEvent } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Projection } from '../projection';
import { ReadModelLayoutUpgrade, type LayoutCheck, type LayoutUpgradeOptions } from './layout-upgrade';
import { LiveProjector } from './live-projector';
import { ProjectionProgress } from './projection-progress';
import { rebuildReadModels, RebuildAlreadyRunningError } from './rebuild';
import { RebuildLease } from './rebuild-lease';

/** The read model of the first release: how many ticks each key had. */
const counter: Projection<{ count: number }> = {
  name: 'counter',
  version: 1,
  indexes: [],
  canHandle: ['Ticked'],
  documentIds: (event) => [String(event.data.key)],
  evolve: (doc) => ({ count: (doc?.count ?? 0) + 1 }),
};

/** The read model a later release adds: where each key was first seen, which only the whole log knows. */
const firstTicks: Projection<{ firstPosition: number; ticks: number }> = {
  name: 'first_ticks',
  version: 1,
  indexes: [],
  canHandle: ['Ticked'],
  documentIds: (event) => [String(event.data.key)],
  evolve: (doc, event) => ({ firstPosition: doc?.firstPosition ?? event.position, ticks: (doc?.ticks ?? 0) + 1 }),
};

/** The counter at a version whose documents say something else for the same events. */
const counterV2: Projection<{ count: number; doubled: number }> = {
  name: 'counter',
  version: 2,
  indexes: [],
  canHandle: ['Ticked'],
  documentIds: (event) => [String(event.data.key)],
  evolve: (doc) => ({ count: (doc?.count ?? 0) + 1, doubled: (doc?.doubled ?? 0) + 2 }),
};

const L1: readonly Projection[] = [counter] as readonly Projection[];
const L2: readonly Projection[] = [counter, firstTicks] as readonly Projection[];

function tick(key: string): NewEvent {
  return { id: randomUUID(), type: 'Ticked', data: { key }, metadata: { schemaVersion: 1 } };
}

interface Logged {
  readonly level: 'info' | 'error';
  readonly message: string;
}

/** One process of the service: its own connections to the stores of one data dir. */
interface Process {
  readonly check: LayoutCheck;
  readonly readStore: SqliteReadStore;
  readonly logged: Logged[];
  stop(): Promise<void>;
}

describe('a projector that starts on read models built with another layout', () => {
  let dir: string;
  const running: Process[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'layout-upgrade-'));
  });
  afterEach(async () => {
    for (const process of running.splice(0)) await process.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const openStores = () => ({
    eventStore: new SqliteEventStore({ path: join(dir, 'events.sqlite') }),
    readStore: new SqliteReadStore({ path: join(dir, 'read-models.sqlite') }),
  });

  /**
   * Starts a projector as both apps do: the layout check first, then the live projector. `live:
   * false` leaves the latter out, for processes that share a read store (one live projector may
   * write to it at a time; several would apply the same events).
   */
  async function start(projections: readonly Projection[], options: LayoutUpgradeOptions & { live?: boolean } = {}): Promise<Process> {
    const { eventStore, readStore } = openStores();
    const logged: Logged[] = [];
    const logger = {
      info: (_fields: object, message: string) => logged.push({ level: 'info', message }),
      error: (_fields: object, message: string) => logged.push({ level: 'error', message }),
    };
    const upgrade = new ReadModelLayoutUpgrade(eventStore, readStore, projections, logger, { switchGraceMs: 0, ...options });
    const check = await upgrade.start();
    const live = options.live === false ? null : new LiveProjector(eventStore, readStore, projections, logger, new ProjectionProgress(), { generationCheckIntervalMs: 20 });
    await live?.start();
    let stopped = false;
    const process: Process = {
      check,
      readStore,
      logged,
      async stop() {
        if (stopped) return;
        stopped = true;
        await upgrade.stop();
        await live?.stop();
        await eventStore.close();
        await readStore.close();
      },
    };
    running.push(process);
    return process;
  }

  async function append(keys: readonly string[]): Promise<void> {
    const eventStore = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    for (const key of keys) await eventStore.append(`ticks-${key}`, [tick(key)], 'any');
    await eventStore.close();
  }

  async function head(): Promise<number> {
    const eventStore = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    const position = await eventStore.headPosition();
    await eventStore.close();
    return position;
  }

  /** Waits until the active generation is `generation` and has applied the whole log. */
  async function caughtUp(process: Process, generation: number): Promise<void> {
    const generations = new GenerationRegistry(process.readStore);
    const last = await head();
    await until(
      async () =>
        (await generations.active()) === generation && ((await process.readStore.getCheckpoint(checkpointName(generation))) ?? 0) >= last,
      10_000,
    );
  }

  const keys = (count: number): string[] => Array.from({ length: count }, (_, i) => `k${i % 4}`);
  const generationsOf = (process: Process) => new GenerationRegistry(process.readStore).read();

  /** A release with `projections` ran on a fresh data dir and projected `events` ticks. */
  async function firstRelease(projections: readonly Projection[], events: number): Promise<void> {
    const first = await start(projections);
    expect(first.check).toEqual({ outcome: 'recorded', why: 'nothing projected yet' });
    await append(keys(events));
    await caughtUp(first, 1);
    await first.stop();
  }

  it('fills a read model a release adds from the whole log, in a new generation, and keeps the others whole', async () => {
    await firstRelease(L1, 40);
    const oldPositions = new Map<string, number>();
    {
      const reader = openStores();
      for (const event of await reader.eventStore.readAll()) if (!oldPositions.has(String(event.data.key))) oldPositions.set(String(event.data.key), event.position);
      await reader.eventStore.close();
      await reader.readStore.close();
    }

    const upgraded = await start(L2);
    expect(upgraded.check).toEqual({ outcome: 'rebuilding', change: { added: ['first_ticks'], bumped: [], removed: [] } });
    // Writes go on while it rebuilds.
    await append(keys(8));
    await caughtUp(upgraded, 2);

    expect(upgraded.logged).toContainEqual({
      level: 'info',
      message: 'read-model layout changed (added: first_ticks): rebuilding generation 2 in the background; reads stay on generation 1 until it has caught up',
    });
    for (const [key, firstPosition] of oldPositions) {
      expect(await upgraded.readStore.get(physicalCollectionName(firstTicks, 2), key)).toEqual({ firstPosition, ticks: 12 });
      expect(await upgraded.readStore.get(physicalCollectionName(counter, 2), key)).toEqual({ count: 12 });
    }
    await until(async () => !(await upgraded.readStore.listCollections()).includes(physicalCollectionName(counter, 1)));

    // The live projector follows the new generation.
    await append(['k0']);
    await until(async () => (await upgraded.readStore.get(physicalCollectionName(firstTicks, 2), 'k0'))?.ticks === 13);
  });

  it('does not rebuild when it starts again with the same layout', async () => {
    await firstRelease(L1, 12);
    const again = await start(L1);
    expect(again.check).toEqual({ outcome: 'current' });
    await append(['k1']);
    await caughtUp(again, 1);
    expect(await generationsOf(again)).toEqual({ active: 1, highest: 1 });
    expect(again.logged.map((line) => line.message).filter((message) => message.includes('rebuild'))).toEqual([]);
    await again.stop();

    const upgraded = await start(L2);
    await caughtUp(upgraded, 2);
    await upgraded.stop();
    const afterUpgrade = await start(L2);
    expect(afterUpgrade.check).toEqual({ outcome: 'current' });
    expect(await generationsOf(afterUpgrade)).toEqual({ active: 2, highest: 2 });
  });

  it('rebuilds once a generation built before layouts were recorded', async () => {
    await firstRelease(L1, 12);
    const store = new SqliteReadStore({ path: join(dir, 'read-models.sqlite') });
    await store.delete('projector_meta', 'layout_g1');
    await store.close();

    const upgraded = await start(L1);
    expect(upgraded.check).toEqual({ outcome: 'rebuilding', change: null });
    await caughtUp(upgraded, 2);
    expect(upgraded.logged.map((line) => line.message)).toContain(
      'read-model layout of generation 1 not recorded (built by an earlier release): rebuilding generation 2 in the background; reads stay on generation 1 until it has caught up',
    );
    expect(await upgraded.readStore.get(physicalCollectionName(counter, 2), 'k0')).toEqual({ count: 3 });
    await upgraded.stop();
    expect((await start(L1)).check).toEqual({ outcome: 'current' });
  });

  it('rebuilds for a bumped version, and only records a layout that lost a read model', async () => {
    await firstRelease(L2, 12);
    const bumped = await start([counterV2, firstTicks] as readonly Projection[]);
    expect(bumped.check).toEqual({ outcome: 'rebuilding', change: { added: [], bumped: ['counter v1→v2'], removed: [] } });
    await caughtUp(bumped, 2);
    expect(await bumped.readStore.get(physicalCollectionName(counterV2, 2), 'k2')).toEqual({ count: 3, doubled: 6 });
    await bumped.stop();

    const smaller = await start([counterV2] as readonly Projection[]);
    expect(smaller.check).toEqual({ outcome: 'recorded', why: 'read models removed only' });
    expect(await generationsOf(smaller)).toEqual({ active: 2, highest: 2 });
    await smaller.stop();
    // first_ticks was not kept up meanwhile: a release that brings it back fills it again.
    await append(['k2']);
    const back = await start([counterV2, firstTicks] as readonly Projection[]);
    expect(back.check).toMatchObject({ outcome: 'rebuilding', change: { added: ['first_ticks'] } });
    await caughtUp(back, 3);
    expect(await back.readStore.get(physicalCollectionName(firstTicks, 3), 'k2')).toMatchObject({ ticks: 4 });
  });

  it('lets one of the processes that start together rebuild, and the others leave it be', async () => {
    await firstRelease(L1, 20);
    const together = { live: false, recheckIntervalMs: 50 };
    const processes = await Promise.all([start(L2, together), start(L2, together), start(L2, together)]);
    expect(processes.map((process) => process.check.outcome).sort()).toEqual(['left to another process', 'left to another process', 'rebuilding']);
    await caughtUp(processes[0]!, 2);
    // The others look again later, see the switch and stay out of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await generationsOf(processes[0]!)).toEqual({ active: 2, highest: 2 });
    expect(await processes[0]!.readStore.get(physicalCollectionName(firstTicks, 2), 'k3')).toMatchObject({ ticks: 5 });
  });

  it('takes the rebuild over once the lease of a process that died runs out', async () => {
    await firstRelease(L1, 8);
    const store = new SqliteReadStore({ path: join(dir, 'read-models.sqlite') });
    const dead = await RebuildLease.claim(store, 'read-model layout changed', { leaseMs: 300 });
    expect(dead.won).toBe(true);
    await store.close();

    const follower = await start(L2, { leaseMs: 300, recheckIntervalMs: 100 });
    expect(follower.check).toMatchObject({ outcome: 'left to another process', heldBy: { purpose: 'read-model layout changed' } });
    await caughtUp(follower, 2);
    expect(await follower.readStore.get(physicalCollectionName(firstTicks, 2), 'k0')).toMatchObject({ ticks: 2 });
  });

  it('stops a rebuild with the projector, without switching, and rebuilds at the next start', async () => {
    await firstRelease(L1, 8);
    const stopping = await start(L2);
    expect(stopping.check.outcome).toBe('rebuilding');
    await stopping.stop();
    expect(stopping.logged.map((line) => line.message)).toContain(
      'the rebuild for the new read-model layout stopped with the projector; the next start rebuilds again',
    );

    const next = await start(L2);
    expect(next.check.outcome).toBe('rebuilding');
    await caughtUp(next, 3);
    expect(await next.readStore.get(physicalCollectionName(firstTicks, 3), 'k1')).toMatchObject({ ticks: 2 });
    // The older generations are dropped just after the switch, which caughtUp may see first.
    const older = async () => (await next.readStore.listCollections()).filter((name) => /_g[12]$/.test(name));
    await until(async () => (await older()).length === 0, 10_000).catch(() => undefined);
    expect(await older()).toEqual([]);
  });

  it('refuses `projector rebuild` while another process rebuilds', async () => {
    await firstRelease(L1, 4);
    const { eventStore, readStore } = openStores();
    const held = await RebuildLease.claim(readStore, 'read-model layout changed');
    expect(held.won).toBe(true);
    await expect(rebuildReadModels(eventStore, readStore, L1, { switchGraceMs: 0 })).rejects.toBeInstanceOf(RebuildAlreadyRunningError);
    expect(await new GenerationRegistry(readStore).read()).toEqual({ active: 1, highest: 1 });
    if (held.won) await held.lease.release();
    await expect(rebuildReadModels(eventStore, readStore, L1, { switchGraceMs: 0 })).resolves.toMatchObject({ generation: 2 });
    await eventStore.close();
    await readStore.close();
  });
});
