import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import { FIXTURE_CONVERSATION_ID as CID, T0, conversationCreated, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { SqliteEventStore, SqliteReadStore } from '@app/storage';
import pino from 'pino';
import { EMPTY_FOLD, foldEvents } from './conversation-fold';
import { ConversationTimeline, SNAPSHOT_EVERY_EVENTS } from './conversation-timeline';
import { FOLD_SNAPSHOT_VERSION } from './fold-snapshot';
import { FOLD_SNAPSHOTS_COLLECTION, FOLD_SNAPSHOT_INDEX_COLLECTION, FoldSnapshotStore } from './fold-snapshot-store';

/** A conversation whose event `i` happens at T0 + i seconds: posts, and a rename every 10 events. */
function history(count: number): ConversationEvent[] {
  const events: ConversationEvent[] = [conversationCreated()];
  let rank = 0;
  while (events.length < count) {
    const at = fixtureBase(events.length * 1000);
    if (events.length % 10 === 0) {
      events.push({ type: 'ConversationTitleChanged', data: { ...at, title: `title ${events.length}` } });
      continue;
    }
    const posted = userMessagePosted(`msg${String(rank).padStart(7, '0')}`, rank);
    events.push({ ...posted, data: { ...posted.data, ...at } });
    rank += 1;
  }
  return events;
}

describe('ConversationTimeline', () => {
  let dir: string;
  let store: SqliteEventStore;
  const readStores: SqliteReadStore[] = [];
  const events = history(SNAPSHOT_EVERY_EVENTS * 3 + 17);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wcs-timeline-'));
    store = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    const stored = events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }));
    await store.append(`conversation-${CID}`, stored, 'no_stream');
  });
  afterAll(async () => {
    for (const readStore of readStores) await readStore.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A read store on the same file each time, as a restarted process opens it. */
  function openReadStore(): SqliteReadStore {
    const readStore = new SqliteReadStore({ path: join(dir, 'read-models.sqlite') });
    readStores.push(readStore);
    return readStore;
  }

  /** A timeline of a fresh process: nothing in memory, snapshots only as stored. */
  function restartedTimeline(): { timeline: ConversationTimeline; snapshots: FoldSnapshotStore } {
    const snapshots = new FoldSnapshotStore(openReadStore(), pino({ level: 'silent' }));
    return { timeline: new ConversationTimeline(store, snapshots), snapshots };
  }

  /** The fold of every event at or before `at`, from scratch. */
  async function expected(at: number) {
    const recorded = await store.readStream(`conversation-${CID}`);
    return foldEvents(EMPTY_FOLD, recorded.filter((event) => (event.data as { at: number }).at <= at));
  }

  it('reads the same conversation at any instant with or without snapshots, in any order', async () => {
    const { timeline } = restartedTimeline();
    const instants = [events.length - 1, 3, SNAPSHOT_EVERY_EVENTS * 2 + 5, SNAPSHOT_EVERY_EVENTS, 1, SNAPSHOT_EVERY_EVENTS * 3 + 16].map((i) => T0 + i * 1000);
    for (const at of instants) {
      const fold = await timeline.at(CID, at);
      const reference = await expected(at);
      expect(fold?.header).toEqual(reference.header);
      expect(fold && new Map(fold.messages)).toEqual(new Map(reference.messages));
    }
  });

  it('is null before the conversation existed', async () => {
    expect(await restartedTimeline().timeline.at(CID, T0 - 1)).toBeNull();
  });

  it('reads the same conversation after a restart from stored snapshots, folding at most one interval of events', async () => {
    const first = restartedTimeline();
    await first.timeline.at(CID, T0 + (events.length - 1) * 1000);
    await first.snapshots.settled();
    expect((await first.snapshots.list(CID)).map((ref) => ref.revision)).toEqual([1, 2, 3].map((n) => n * SNAPSHOT_EVERY_EVENTS - 1));

    const { timeline } = restartedTimeline();
    const readStream = jest.spyOn(store, 'readStream');
    try {
      for (const i of [SNAPSHOT_EVERY_EVENTS * 3 + 16, SNAPSHOT_EVERY_EVENTS + 3, 2]) {
        readStream.mockClear();
        const at = T0 + i * 1000;
        const fold = await timeline.at(CID, at);
        const reference = await expected(at);
        const read = readStream.mock.results.slice(0, readStream.mock.calls.length - 1);
        expect(fold?.header).toEqual(reference.header);
        expect(fold && new Map(fold.messages)).toEqual(new Map(reference.messages));
        const pages = await Promise.all(read.map((result) => result.value as ReturnType<SqliteEventStore['readStream']>));
        const folded = pages.flat().filter((event) => (event.data as { at: number }).at <= at).length;
        expect(folded).toBeLessThan(SNAPSHOT_EVERY_EVENTS);
      }
    } finally {
      readStream.mockRestore();
    }
  });

  it('ignores stored snapshots of another fold version', async () => {
    const first = restartedTimeline();
    await first.timeline.at(CID, T0 + (events.length - 1) * 1000);
    await first.snapshots.settled();
    const readStore = openReadStore();
    const revision = SNAPSHOT_EVERY_EVENTS - 1;
    const id = `${CID}:${revision}`;
    const stale = { version: FOLD_SNAPSHOT_VERSION + 1, conversationId: CID, base: -1, revision, maxAt: T0 + revision * 1000, header: null, changed: [], deleted: [] };
    await readStore.put(FOLD_SNAPSHOTS_COLLECTION, id, stale);
    await readStore.put(FOLD_SNAPSHOT_INDEX_COLLECTION, id, { conversationId: CID, version: FOLD_SNAPSHOT_VERSION + 1, base: -1, revision, maxAt: stale.maxAt });

    const at = T0 + (SNAPSHOT_EVERY_EVENTS + 3) * 1000;
    const fold = await restartedTimeline().timeline.at(CID, at);
    const reference = await expected(at);
    expect(fold?.header).toEqual(reference.header);
    expect(fold && new Map(fold.messages)).toEqual(new Map(reference.messages));
  });
});
