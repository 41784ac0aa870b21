import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationEvent } from '@app/contracts/events/conversation.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import { FIXTURE_CONVERSATION_ID as CID, T0, conversationCreated, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { SqliteEventStore } from '@app/storage';
import { EMPTY_FOLD, foldEvents } from './conversation-fold';
import { ConversationTimeline, SNAPSHOT_EVERY_EVENTS } from './conversation-timeline';

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
  const events = history(SNAPSHOT_EVERY_EVENTS * 3 + 17);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wcs-timeline-'));
    store = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    const stored = events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }));
    await store.append(`conversation-${CID}`, stored, 'no_stream');
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The fold of every event at or before `at`, from scratch. */
  async function expected(at: number) {
    const recorded = await store.readStream(`conversation-${CID}`);
    return foldEvents(EMPTY_FOLD, recorded.filter((event) => (event.data as { at: number }).at <= at));
  }

  it('reads the same conversation at any instant with or without snapshots, in any order', async () => {
    const timeline = new ConversationTimeline(store);
    const instants = [events.length - 1, 3, SNAPSHOT_EVERY_EVENTS * 2 + 5, SNAPSHOT_EVERY_EVENTS, 1, SNAPSHOT_EVERY_EVENTS * 3 + 16].map((i) => T0 + i * 1000);
    for (const at of instants) {
      const fold = await timeline.at(CID, at);
      const reference = await expected(at);
      expect(fold?.header).toEqual(reference.header);
      expect(fold && new Map(fold.messages)).toEqual(new Map(reference.messages));
    }
  });

  it('is null before the conversation existed', async () => {
    expect(await new ConversationTimeline(store).at(CID, T0 - 1)).toBeNull();
  });
});
