import { transformFileSync } from '@swc/core';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describeEventStoreContract } from '../../test/event-store.contract';
import type { EventSubscription, NewEvent, RecordedEvent } from './event-store.port';
import { SqliteEventStore } from './sqlite-event-store';

const directory = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function tempFile(): string {
  return join(directory, `${randomUUID()}.sqlite`);
}

function newEvent(type = 'SpecEventHappened'): NewEvent {
  return { id: randomUUID(), type, data: { n: 1 }, metadata: { schemaVersion: 1 } };
}

/** The next event of a subscription, or an error after `timeoutMs`. */
async function nextEvent(iterator: AsyncIterator<RecordedEvent>, timeoutMs: number): Promise<RecordedEvent> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const result = await Promise.race([iterator.next(), timeout]);
    if (result.done === true) throw new Error('subscription ended');
    return result.value;
  } finally {
    clearTimeout(timer);
  }
}

/** Compiles the adapter to plain JS in `directory` with a writer script child processes can run. */
function compileWriterScript(): string {
  // Laid out as in src/, so the adapter's relative imports resolve.
  const sources = [
    ...['sqlite-event-store', 'sqlite-event-schema', 'sqlite-event-subscription', 'sqlite-group-commit', 'sqlite-log-pages', 'recent-event-rows', 'event-store.port', 'storable-event'].map((name) => `event-store/${name}`),
    'sqlite/wal-checkpointer',
    'sqlite/wal-start-over',
    'sqlite/wal-syncer',
  ];
  for (const source of sources) {
    const { code } = transformFileSync(join(__dirname, '..', `${source}.ts`), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
      module: { type: 'commonjs' },
    });
    mkdirSync(join(directory, dirname(source)), { recursive: true });
    writeFileSync(join(directory, `${source}.js`), code);
  }
  const script = join(directory, 'writer.js');
  writeFileSync(
    script,
    `const { randomUUID } = require('node:crypto');
const { SqliteEventStore } = require('./event-store/sqlite-event-store.js');
const [path, me, rounds, background] = process.argv.slice(2);
const event = () => ({ id: randomUUID(), type: 'WriterEventHappened', data: { me }, metadata: { schemaVersion: 1 } });
(async () => {
  const store = new SqliteEventStore({ path, backgroundCheckpoints: background === 'true' });
  for (let round = 0; round < Number(rounds); round += 1) {
    await store.append('own-' + me, [event(), event()], round === 0 ? 'no_stream' : round * 2 - 1);
    await store.append('shared', [event()], 'any');
  }
  await store.close();
})().catch((error) => { console.error(error); process.exit(1); });
`,
  );
  return script;
}

async function runProcess(script: string, args: readonly string[]): Promise<void> {
  const child = fork(script, args, { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`writer process exited with ${String(code)}`);
}

describeEventStoreContract('SqliteEventStore (temp file)', async () => new SqliteEventStore({ path: tempFile() }));
describeEventStoreContract('SqliteEventStore (:memory:)', async () => new SqliteEventStore({ path: ':memory:' }));
describeEventStoreContract(
  'SqliteEventStore (temp file, checkpoints and WAL flushes off the event loop)',
  async () => new SqliteEventStore({ path: tempFile(), backgroundCheckpoints: true }),
);

describe.each([
  ['commits that fsync', false],
  ['WAL flushed off the event loop', true],
])('SqliteEventStore, %s', (_mode, backgroundCheckpoints) => {
  const opened: SqliteEventStore[] = [];
  const open = (path: string, pollIntervalMs?: number): SqliteEventStore => {
    const store = new SqliteEventStore({ path, pollIntervalMs, backgroundCheckpoints });
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('delivers appends of another connection on the same file (another process) to live subscriptions', async () => {
    const path = tempFile();
    const server = open(path, 20);
    const cli = open(path);
    await server.append('conversation-a', [newEvent()], 'no_stream');
    const all = server.subscribeToAll({ after: await server.headPosition() })[Symbol.asyncIterator]();
    const one = server.subscribeToStream('conversation-b')[Symbol.asyncIterator]();
    const pendingAll = nextEvent(all, 2000);
    const pendingOne = nextEvent(one, 2000);

    const written = newEvent();
    const result = await cli.append('conversation-b', [written], 'no_stream');

    expect(await pendingAll).toMatchObject({ id: written.id, position: result.position, revision: 0 });
    expect(await pendingOne).toMatchObject({ id: written.id, streamName: 'conversation-b' });
    await expect(cli.append('conversation-a', [newEvent()], 'no_stream')).rejects.toMatchObject({ actual: 0 });
  });

  it('serialises real concurrent writer processes: every event delivered once, positions without gaps', async () => {
    const path = tempFile();
    const server = open(path, 10);
    const script = compileWriterScript();
    const processes = 3;
    const rounds = 100;
    const total = processes * rounds * 3;
    const all: RecordedEvent[] = [];
    const shared: number[] = [];
    const allDone = (async () => {
      for await (const event of server.subscribeToAll()) if (all.push(event) === total) return;
    })();
    const sharedDone = (async () => {
      for await (const event of server.subscribeToStream('shared')) if (shared.push(event.revision) === processes * rounds) return;
    })();

    await Promise.all(Array.from({ length: processes }, (_, me) => runProcess(script, [path, String(me), String(rounds), String(backgroundCheckpoints)])));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([allDone, sharedDone]), new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
    clearTimeout(timer);

    expect(all.map((event) => event.position)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    expect(new Set(all.map((event) => event.id)).size).toBe(total);
    expect(shared).toEqual(Array.from({ length: processes * rounds }, (_, index) => index));
    for (let me = 0; me < processes; me += 1) {
      const own = await server.readStream(`own-${me}`);
      expect(own.map((event) => event.revision)).toEqual(Array.from({ length: rounds * 2 }, (_, index) => index));
    }
  }, 30_000);

  it('gives appends issued at once gapless positions in the order they were issued, skipping the refused ones', async () => {
    const store = open(tempFile());
    const streams = Array.from({ length: 40 }, (_, index) => `group-${index}`);
    const outcomes = await Promise.allSettled(
      streams.map((stream, index) => store.append(stream, [newEvent(), newEvent()], index % 5 === 2 ? 0 : 'no_stream')),
    );

    const landed = streams.filter((_, index) => index % 5 !== 2);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(streams.length - landed.length);
    const logged = await store.readAll();
    expect(logged.map((event) => event.position)).toEqual(Array.from({ length: landed.length * 2 }, (_, index) => index + 1));
    expect(logged.map((event) => event.streamName)).toEqual(landed.flatMap((stream) => [stream, stream]));
  });

  it('delivers its own appends at once, without waiting for the poll', async () => {
    const store = open(tempFile(), 60_000);
    const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
    const pending = nextEvent(iterator, 1000);
    const written = newEvent();
    await store.append('conversation-a', [written], 'no_stream');
    expect((await pending).id).toBe(written.id);
  });

  it('hands a group commit\'s events over as one page once durable, and lets a subscription be iterated one way only', async () => {
    const store = new SqliteEventStore({ path: tempFile(), backgroundCheckpoints: true });
    try {
      const subscription = store.subscribeToAll();
      const pages = subscription.pages!()[Symbol.asyncIterator]();
      const first = pages.next();
      const written = [newEvent(), newEvent(), newEvent()];
      await Promise.all(written.map((event, index) => store.append(`conversation-${index}`, [event], 'any')));
      const page = await first;
      expect(page.done).toBe(false);
      expect((page.value as RecordedEvent[]).map((event) => event.id)).toEqual(written.map((event) => event.id));
      await expect(subscription[Symbol.asyncIterator]().next()).rejects.toThrow('only once');
      await subscription.close();
    } finally {
      await store.close();
    }
  });

  it('keeps events across close and reopen, and continues revisions and positions', async () => {
    const path = tempFile();
    const first = new SqliteEventStore({ path });
    const events = [newEvent(), newEvent()];
    const written = await first.append('conversation-a', events, 'no_stream');
    await first.close();

    const reopened = open(path);
    const read = await reopened.readStream('conversation-a');
    expect(read.map((event) => [event.id, event.revision, event.position])).toEqual([
      [events[0]?.id, 0, written.position - 1],
      [events[1]?.id, 1, written.position],
    ]);
    expect(await reopened.headPosition()).toBe(written.position);
    expect(await reopened.append('conversation-a', [newEvent()], 1)).toEqual({
      nextRevision: 2,
      position: written.position + 1,
    });
  });

  it('catches up over many pages in order', async () => {
    const store = open(':memory:');
    for (let batch = 0; batch < 12; batch += 1) {
      await store.append('conversation-a', Array.from({ length: 100 }, () => newEvent()), batch === 0 ? 'no_stream' : batch * 100 - 1);
    }
    const subscription = store.subscribeToStream('conversation-a', { afterRevision: 99 });
    const revisions: number[] = [];
    for await (const event of subscription) {
      revisions.push(event.revision);
      if (event.revision === 1199) break;
    }
    expect(revisions).toEqual(Array.from({ length: 1100 }, (_, index) => index + 100));
  });

  it.each([['a file', true], ['memory', false]])('reads the log in pages from %s as readAll reads it', async (_where, onFile) => {
    const store = open(onFile ? tempFile() : ':memory:');
    for (let stream = 0; stream < 5; stream += 1) {
      await store.append(`conversation-${stream}`, Array.from({ length: 49 }, () => newEvent()), 'no_stream');
    }
    const pages: RecordedEvent[][] = [];
    for await (const page of store.readAllPages({ after: 7, pageSize: 50 })) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 50, 50, 38]);
    expect(pages.flat()).toEqual(await store.readAll({ after: 7 }));
  });

  it('stops reading pages when the reader stops asking', async () => {
    const store = open(tempFile());
    await store.append('conversation-a', Array.from({ length: 30 }, () => newEvent()), 'no_stream');
    const firsts: number[] = [];
    for await (const page of store.readAllPages({ after: 0, pageSize: 10 })) {
      firsts.push(page[0]!.position);
      if (firsts.length === 2) break;
    }
    expect(firsts).toEqual([1, 11]);
  });

  it('ends every subscription when the store closes', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const subscriptions: EventSubscription[] = [store.subscribeToAll(), store.subscribeToStream('conversation-a')];
    const drained = subscriptions.map(async (subscription) => {
      const seen: string[] = [];
      for await (const event of subscription) seen.push(event.id);
      return seen;
    });
    const written = newEvent();
    await store.append('conversation-a', [written], 'no_stream');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.close();
    expect(await Promise.all(drained)).toEqual([[written.id], [written.id]]);
    expect(() => store.subscribeToAll()).toThrow('closed');
  });

  it('rejects a negative or fractional expected revision', async () => {
    const store = open(':memory:');
    await expect(store.append('conversation-a', [newEvent()], -1)).rejects.toThrow(RangeError);
    await expect(store.append('conversation-a', [newEvent()], 1.5)).rejects.toThrow(RangeError);
    expect(await store.readStream('conversation-a')).toEqual([]);
  });
});

describe('SqliteEventStore.watchCommits', () => {
  it('hears a commit before the append resolves, with the events as a reader of the log gets them, and not the refused ones', async () => {
    const store = new SqliteEventStore({ path: tempFile(), backgroundCheckpoints: true });
    const heard: string[][] = [];
    const order: string[] = [];
    // What readers of the log (which stop at the durable head) saw at the moment each commit was heard.
    const readableThen: Promise<RecordedEvent[]>[] = [];
    store.watchCommits((events) => {
      readableThen.push(store.readAll());
      heard.push(events.map((event) => `${event.streamName}@${event.revision}#${event.position}:${JSON.stringify(event.data)}`));
      order.push('heard');
    });
    await store.append('conversation-a', [newEvent()], 'no_stream');
    const sameGroup = [
      store.append('conversation-a', [{ ...newEvent(), data: { n: 2, gone: undefined } }], 0),
      store.append('conversation-b', [newEvent()], 5).catch(() => 'refused'),
      store.append('conversation-b', [newEvent(), newEvent()], 'no_stream'),
    ];
    void sameGroup[0].then(() => order.push('resolved'));
    await Promise.all(sameGroup);
    expect(heard).toEqual([
      ['conversation-a@0#1:{"n":1}'],
      ['conversation-a@1#2:{"n":2}', 'conversation-b@0#3:{"n":1}', 'conversation-b@1#4:{"n":1}'],
    ]);
    // Heard as soon as committed: the append itself resolves only once the flush made it durable.
    expect(order.slice(-2)).toEqual(['heard', 'resolved']);
    expect((await Promise.all(readableThen)).map((events) => events.length)).toEqual([0, 1]);
    expect(await store.readAll()).toEqual(expect.arrayContaining([expect.objectContaining({ streamName: 'conversation-b', revision: 1, position: 4 })]));
    await store.close();
  });

  it('stops after the returned function is called, and a listener that throws stops neither the append nor the others', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const heard: number[] = [];
    store.watchCommits(() => {
      throw new Error('listener bug');
    });
    const stop = store.watchCommits((events) => heard.push(events.length));
    await store.append('conversation-a', [newEvent()], 'no_stream');
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    await store.append('conversation-a', [newEvent()], 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([1]);
    expect((await store.readStream('conversation-a')).length).toBe(2);
    await store.close();
  });

  it('is not told of a retried append whose events all landed already', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const heard: number[] = [];
    store.watchCommits((events) => heard.push(events.length));
    const event = newEvent();
    await store.append('conversation-a', [event], 'no_stream');
    await store.append('conversation-a', [event], 'no_stream');
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([1]);
    await store.close();
  });
});
