import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import { FIXTURE_CONVERSATION_ID as CID, conversationCreated, fixtureBase } from '@app/contracts/test/conversation.fixtures';
import { SqliteEventStore, SqliteReadStore } from '@app/storage';
import pino from 'pino';
import { ConversationTimeline, SNAPSHOT_EVERY_EVENTS } from './conversation-timeline';
import { FoldSnapshotStore } from './fold-snapshot-store';
import { FoldSnapshotter } from './fold-snapshotter';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FoldSnapshotter', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let snapshots: FoldSnapshotStore;
  let snapshotter: FoldSnapshotter;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wcs-snapshotter-'));
    events = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    reads = new SqliteReadStore({ path: join(dir, 'read-models.sqlite') });
    const logger = pino({ level: 'silent' });
    snapshots = new FoldSnapshotStore(reads, logger);
    snapshotter = new FoldSnapshotter(events, new ConversationTimeline(events, snapshots), logger);
  });
  afterEach(async () => {
    await snapshotter.onApplicationShutdown();
    await snapshots.settled();
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Appends `count` renames of the conversation, in appends of 100. */
  async function rename(count: number, from: number): Promise<void> {
    for (let done = 0; done < count; done += 100) {
      const batch = Array.from({ length: Math.min(100, count - done) }, (_, i) => ({
        id: randomUUID(),
        type: 'ConversationTitleChanged',
        data: { ...fixtureBase(from + done + i), title: `title ${from + done + i}` },
        metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
      }));
      await events.append(`conversation-${CID}`, batch, 'any');
    }
  }

  async function storedRevisions(expected: number): Promise<number[]> {
    for (let tries = 0; tries < 200; tries += 1) {
      await snapshotter.settled();
      await snapshots.settled();
      const revisions = (await snapshots.list(CID)).map((ref) => ref.revision);
      if (revisions.length >= expected) return revisions;
      await sleep(20);
    }
    return (await snapshots.list(CID)).map((ref) => ref.revision);
  }

  it('stores a snapshot each time a conversation crosses a multiple of the interval, without any read', async () => {
    snapshotter.onApplicationBootstrap();
    const created = conversationCreated();
    await events.append(`conversation-${CID}`, [{ id: randomUUID(), type: created.type, data: created.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }], 'no_stream');
    await rename(SNAPSHOT_EVERY_EVENTS * 2 + 10, 1);
    expect((await storedRevisions(2)).sort((a, b) => a - b)).toEqual([SNAPSHOT_EVERY_EVENTS - 1, SNAPSHOT_EVERY_EVENTS * 2 - 1]);
  });

  it('leaves streams that are not conversations alone', async () => {
    snapshotter.onApplicationBootstrap();
    const other = Array.from({ length: SNAPSHOT_EVERY_EVENTS }, () => ({ id: randomUUID(), type: 'Noise', data: {}, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }));
    await events.append('agent-configuration-x', other, 'no_stream');
    const created = conversationCreated();
    await events.append(`conversation-${CID}`, [{ id: randomUUID(), type: created.type, data: created.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }], 'no_stream');
    await rename(10, 1);
    await sleep(100);
    expect(await storedRevisions(0)).toEqual([]);
  });
});
