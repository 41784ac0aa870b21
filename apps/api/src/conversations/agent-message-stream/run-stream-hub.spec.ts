import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { SqliteEventStore, type EventStore, type RecordedEvent } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { RunStreamHub, type RunStreamListener, type RunStreamSink } from './run-stream-hub';

const STREAM = 'agent_message-m1';
const tokens = (text: string): AgentRunEvent => ({ type: 'AgentTokensGenerated', data: { text, classification: 'tokens', step: 0, at: 1 } });

function append(store: EventStore, ...events: AgentRunEvent[]) {
  return store.append(
    STREAM,
    events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: 1 } })),
    'any',
  );
}

/** A listener's sink that records what it gets; answers `ready` to each event. */
class RecordingSink implements RunStreamSink {
  readonly revisions: number[] = [];
  ended = false;
  ready = true;

  constructor(private readonly onEvent: (event: RecordedEvent) => void = () => undefined) {}

  event(event: RecordedEvent): boolean {
    this.revisions.push(event.revision);
    this.onEvent(event);
    return this.ready;
  }

  end(): void {
    this.ended = true;
  }
}

/** Follows the test stream from the start (`resume` at once). */
function follow(hub: RunStreamHub, afterRevision: number | null, sink: RunStreamSink): RunStreamListener {
  const listener = hub.follow(STREAM, afterRevision, sink);
  listener.resume();
  return listener;
}

/** Waits (turn by turn of the event loop) until `condition` holds; fails after 2 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const cancelled: AgentRunEvent = { type: 'AgentRunCancelled', data: { at: 2 } };

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
    const all = new RecordingSink();
    const late = new RecordingSink();
    follow(hub, null, all);
    follow(hub, 0, late);
    await until(() => all.revisions.length === 2 && late.revisions.length === 1);
    expect(all.revisions).toEqual([0, 1]);
    expect(late.revisions).toEqual([1]);
    await append(store, tokens('c'));
    await append(store, cancelled);
    await until(() => all.revisions.length === 4 && late.revisions.length === 3);
    expect(all.revisions).toEqual([0, 1, 2, 3]);
    expect(late.revisions).toEqual([1, 2, 3]);
    expect(subscribeSpy).toHaveBeenCalledTimes(1);
  });

  it('closes the store subscription when the last listener leaves, and reopens on demand', async () => {
    await append(store, tokens('a'));
    const sink = new RecordingSink();
    const first: RunStreamListener = follow(hub, null, sink);
    const second: RunStreamListener = follow(hub, null, new RecordingSink());
    await until(() => sink.revisions.length === 1);
    first.close();
    expect(hub.openChannels).toBe(1);
    second.close();
    expect(hub.openChannels).toBe(0);
    const again = new RecordingSink();
    follow(hub, null, again);
    await until(() => again.revisions.length === 1);
    expect(again.revisions).toEqual([0]);
    expect(subscribeSpy).toHaveBeenCalledTimes(2);
  });

  it('gives a listener nothing before its first resume', async () => {
    await append(store, tokens('a'));
    const sink = new RecordingSink();
    const listener = hub.follow(STREAM, null, sink);
    await until(() => hub.openChannels === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sink.revisions).toEqual([]);
    listener.resume();
    expect(sink.revisions).toEqual([0]);
  });

  it('ends a listener that reached the terminal event', async () => {
    await append(store, tokens('a'), { type: 'AgentRunFailed', data: { error: { code: 'x', message: 'y', metadata: null }, at: 1 } });
    const sink = new RecordingSink();
    follow(hub, null, sink);
    await until(() => sink.ended);
    expect(sink.revisions).toEqual([0, 1]);
  });

  it('ends listeners when the store subscription ends without a terminal event, and opens a new one for the next', async () => {
    await append(store, tokens('a'));
    const sink = new RecordingSink();
    follow(hub, null, sink);
    await until(() => sink.revisions.length === 1);
    await store.close();
    await until(() => sink.ended);
    expect(sink.revisions).toEqual([0]);
    store = new SqliteEventStore({ path: ':memory:' });
    subscribeSpy = jest.spyOn(store, 'subscribeToStream');
    hub = new RunStreamHub(store);
    follow(hub, null, new RecordingSink());
    expect(subscribeSpy).toHaveBeenCalledTimes(1);
  });

  it('hands a live event to every listener in one pass, before any promise continuation runs', async () => {
    const sinks: RecordingSink[] = [];
    let seenByAllAtFirstMicrotask: boolean | null = null;
    const first = new RecordingSink(() => queueMicrotask(() => (seenByAllAtFirstMicrotask ??= sinks.every((sink) => sink.revisions.length === 1))));
    sinks.push(first, new RecordingSink(), new RecordingSink());
    for (const sink of sinks) follow(hub, null, sink);
    await append(store, tokens('a'));
    await until(() => sinks.every((sink) => sink.revisions.length === 1));
    expect(seenByAllAtFirstMicrotask).toBe(true);
  });

  it('makes no pass over the listeners for an event that shows nothing, and hands it over with the next', async () => {
    const sink = new RecordingSink();
    follow(hub, null, sink);
    await append(store, { type: 'AgentRunLeaseExtended', data: { runnerId: 'r1', leaseUntil: 2, at: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sink.revisions).toEqual([]);
    await append(store, tokens('a'));
    await until(() => sink.revisions.length === 2);
    expect(sink.revisions).toEqual([0, 1]);
  });

  it('skips a listener that is behind until it resumes, then gives it what it missed in order', async () => {
    const slow = new RecordingSink();
    const fast = new RecordingSink();
    slow.ready = false;
    const slowListener = follow(hub, null, slow);
    follow(hub, null, fast);
    await append(store, tokens('a'));
    await append(store, tokens('b'));
    await append(store, tokens('c'));
    await until(() => fast.revisions.length === 3);
    expect(slow.revisions).toEqual([0]);
    slow.ready = true;
    slowListener.resume();
    expect(slow.revisions).toEqual([0, 1, 2]);
    await append(store, cancelled);
    await until(() => slow.ended && fast.ended);
    expect(slow.revisions).toEqual([0, 1, 2, 3]);
    expect(fast.revisions).toEqual([0, 1, 2, 3]);
  });

  it('drops a listener whose sink throws, and keeps feeding the others', async () => {
    const broken = new RecordingSink(() => {
      throw new Error('socket gone');
    });
    const healthy = new RecordingSink();
    follow(hub, null, broken);
    follow(hub, null, healthy);
    await append(store, tokens('a'));
    await append(store, tokens('b'));
    await until(() => healthy.revisions.length === 2);
    expect(broken.revisions).toEqual([0]);
    expect(hub.openChannels).toBe(1);
  });

  it('lets a listener leave from inside its own delivery without disturbing the others', async () => {
    await append(store, tokens('a'), tokens('b'));
    const staying = new RecordingSink();
    follow(hub, null, staying);
    const leaving = new RecordingSink(() => listener.close());
    const listener = hub.follow(STREAM, null, leaving);
    listener.resume();
    await until(() => staying.revisions.length === 2);
    await append(store, tokens('c'));
    await until(() => staying.revisions.length === 3);
    expect(leaving.revisions).toEqual([0]);
    expect(staying.revisions).toEqual([0, 1, 2]);
    expect(hub.openChannels).toBe(1);
  });
});
