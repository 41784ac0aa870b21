/**
 * SQLite event store under concurrent writers, as a server sees them: `writers` loops each append
 * one event at a time to their own stream, and every append waits for its durable commit. With
 * group commit, appends issued together share one fsync. Compared with one bare INSERT + COMMIT
 * per event on the same file settings (the ceiling without grouping).
 * Run: `npm run build:bench && node dist/bench/event-store-concurrent.bench.js`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import type { NewEvent } from '../libs/storage/src/event-store/event-store.port';
import { SqliteEventStore } from '../libs/storage/src/event-store/sqlite-event-store';

const directory = mkdtempSync(join(tmpdir(), 'event-store-concurrent-bench-'));
const DURATION_MS = 5000;

function newEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'BenchEventHappened',
    data: { text: 'a user message of moderate length, about a hundred bytes of JSON in all' },
    metadata: { schemaVersion: 1, correlationId: randomUUID(), actor: 'system' },
  };
}

/** Appends per second with `writers` concurrent loops, each on its own stream with exact expected revisions. */
async function concurrentAppends(writers: number): Promise<number> {
  const store = new SqliteEventStore({ path: join(directory, `writers-${writers}.sqlite`) });
  const deadline = performance.now() + DURATION_MS;
  let appended = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let revision = -1; performance.now() < deadline; revision += 1) {
        await store.append(`bench-${writer}`, [newEvent()], revision === -1 ? 'no_stream' : revision);
        appended += 1;
      }
    }),
  );
  await store.close();
  return (appended / DURATION_MS) * 1000;
}

/** One INSERT committed on its own per event, WAL + synchronous=FULL: one fsync per event. */
function bareInserts(): number {
  const db = new DatabaseSync(join(directory, 'bare.sqlite'));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO events (data) VALUES (?)');
  const deadline = performance.now() + DURATION_MS;
  let inserted = 0;
  while (performance.now() < deadline) {
    insert.run(JSON.stringify(newEvent()));
    inserted += 1;
  }
  db.close();
  return (inserted / DURATION_MS) * 1000;
}

async function main(): Promise<void> {
  const ceiling = bareInserts();
  console.log(JSON.stringify({ bench: 'bare INSERT, one commit each (WAL, synchronous=FULL)', perSecond: Math.round(ceiling) }));
  for (const writers of [1, 16, 64]) {
    const rate = await concurrentAppends(writers);
    console.log(JSON.stringify({ bench: `event store appends, ${writers} concurrent writers`, perSecond: Math.round(rate), ratioToBareInsert: Number((rate / ceiling).toFixed(2)) }));
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(directory, { recursive: true, force: true }));
