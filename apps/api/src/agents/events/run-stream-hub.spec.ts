import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { SqliteEventStore, type EventStore, type EventSubscription, type RecordedEvent } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { RunStreamHub } from './run-stream-hub';

const STREAM = 'agent_message-m1';
const tokens = (text: string): AgentRunEvent => ({ type: 'AgentTokensGenerated', data: { text, classification: 'tokens', step: 0, at: 1 } });

function append(store: EventStore, ...events: AgentRunEvent[]) {
  return store.append(
    STREAM,
    events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: 1 } })),
    'any',
  );
}

/** Reads `count` events from a subscription (then leaves it open). */
async function take(iterator: AsyncIterator<RecordedEvent>, count: number): Promise<number[]> {
  const revisions: number[] = [];
  while (revisions.length < count) {
    const { value, done } = await iterator.next();
    if (done) break;
    revisions.push(value.revision);
  }
  return revisions;
}

describe('RunStreamHub', () => {
  let store: SqliteEventStore;
  let hub: RunStreamHub;
  let subscribeSpy: jest.SpyInstance;

  beforeEach(() => {
    store = new SqliteEventStore({ path: ':memory:' });
    subscribeSpy = jest.spyOn(store, 'subscribeToStream');
    hub = new RunStreamHub(store);
  });
  afterEach(() => store.close());

  it('feeds every listener of a stream from one store subscription, each from its own revision', async () => {
    await append(store, tokens('a'), tokens('b'));
    const all = hub.subscribe(STREAM, null)[Symbol.asyncIterator]();
    const late = hub.subscribe(STREAM, 0)[Symbol.asyncIterator]();
    expect(await take(all, 2)).toEqual([0, 1]);
    expect(await take(late, 1)).toEqual([1]);
    const live = Promise.all([take(all, 2), take(late, 2)]);
    await append(store, tokens('c'));
    await append(store, { type: 'AgentRunCancelled', data: { at: 2 } });
    expect(await live).toEqual([
      [2, 3],
      [2, 3],
    ]);
    expect(subscribeSpy).toHaveBeenCalledTimes(1);
  });

  it('closes the store subscription when the last listener leaves, and reopens on demand', async () => {
    await append(store, tokens('a'));
    const first: EventSubscription = hub.subscribe(STREAM, null);
    const second: EventSubscription = hub.subscribe(STREAM, null);
    await take(first[Symbol.asyncIterator](), 1);
    await first.close();
    expect(hub.openChannels).toBe(1);
    await second.close();
    expect(hub.openChannels).toBe(0);
    expect(await take(hub.subscribe(STREAM, null)[Symbol.asyncIterator](), 1)).toEqual([0]);
    expect(subscribeSpy).toHaveBeenCalledTimes(2);
  });

  it('ends a listener that reached the terminal event and waits for more', async () => {
    await append(store, tokens('a'), { type: 'AgentRunFailed', data: { error: { code: 'x', message: 'y', metadata: null }, at: 1 } });
    const iterator = hub.subscribe(STREAM, null)[Symbol.asyncIterator]();
    expect(await take(iterator, 5)).toEqual([0, 1]);
  });
});
