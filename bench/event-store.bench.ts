/**
 * SQLite event store figures: append rate (single events, batches of 100) and live delivery latency
 * of a global subscription, on a temp file. Build and run:
 *   npm run build:bench && npx node dist/bench/event-store.bench.js
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '../libs/storage/src/event-store/event-store.port';
import { SqliteEventStore } from '../libs/storage/src/event-store/sqlite-event-store';
import { recordFigure } from './support/results';

const directory = mkdtempSync(join(tmpdir(), 'event-store-bench-'));
let files = 0;
const freshPath = (): string => join(directory, `bench-${(files += 1)}.sqlite`);

function newEvent(index: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'BenchEventHappened',
    data: { index, text: 'a user message of moderate length, about a hundred bytes of JSON in all' },
    metadata: { schemaVersion: 1, correlationId: randomUUID(), actor: 'system' },
  };
}

async function appendRate(total: number, batchSize: number): Promise<number> {
  const store = new SqliteEventStore({ path: freshPath() });
  const started = performance.now();
  for (let written = 0; written < total; written += batchSize) {
    const batch = Array.from({ length: batchSize }, (_, offset) => newEvent(written + offset));
    // Ten events per stream, like short conversations, so the revision check does real lookups.
    await store.append(`bench-${Math.floor(written / 10)}`, batch, 'any');
  }
  const elapsedMs = performance.now() - started;
  await store.close();
  return (total / elapsedMs) * 1000;
}

/** One event at a time: the subscriber is already waiting when the append starts. */
async function pingPongLatency(count: number, pollIntervalMs: number, sameConnection: boolean): Promise<number[]> {
  const path = freshPath();
  const reader = new SqliteEventStore({ path, pollIntervalMs });
  const writer = sameConnection ? reader : new SqliteEventStore({ path });
  const iterator = reader.subscribeToAll()[Symbol.asyncIterator]();
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const received = iterator.next();
    // Let the subscriber find nothing new and park, so the figure includes waking it up.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const started = performance.now();
    await writer.append('bench-latency', [newEvent(index)], 'any');
    await received;
    latencies.push(performance.now() - started);
  }
  await reader.close();
  if (writer !== reader) await writer.close();
  return latencies;
}

/**
 * Appends as fast as they complete while a subscriber consumes: latency including queueing behind
 * earlier events. The event loop turns between appends, as it does between requests of a server.
 */
async function streamingLatency(count: number): Promise<number[]> {
  const store = new SqliteEventStore({ path: freshPath() });
  const appendStartedAt = new Map<string, number>();
  const latencies: number[] = [];
  const subscription = store.subscribeToAll();
  const consuming = (async () => {
    for await (const event of subscription) {
      latencies.push(performance.now() - (appendStartedAt.get(event.id) ?? Number.NaN));
      if (latencies.length === count) return;
    }
  })();
  for (let index = 0; index < count; index += 1) {
    const event = newEvent(index);
    appendStartedAt.set(event.id, performance.now());
    await store.append('bench-streaming', [event], 'any');
    await new Promise((resolve) => setImmediate(resolve));
  }
  await consuming;
  await store.close();
  return latencies;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

function describeLatency(label: string, latencies: readonly number[]): string {
  const format = (ms: number): string => `${ms.toFixed(3)} ms`;
  return `${label} (n=${latencies.length}): p50 ${format(percentile(latencies, 0.5))}, p99 ${format(percentile(latencies, 0.99))}, max ${format(Math.max(...latencies))}`;
}

async function main(): Promise<void> {
  console.log(`SQLite event store bench: Node ${process.version}, files under ${directory}`);
  const single = Math.round(await appendRate(5000, 1));
  console.log(`append, single events:  ${single} events/s (5000 appends)`);
  recordFigure({ name: 'event store append, one event per append (synchronous=FULL)', value: single, unit: 'events/s' });
  const batched = Math.round(await appendRate(50_000, 100));
  console.log(`append, batches of 100: ${batched} events/s (500 appends)`);
  recordFigure({ name: 'event store append, batches of 100 events', value: batched, unit: 'events/s' });
  const delivery = await pingPongLatency(2000, 100, true);
  console.log(describeLatency('delivery, same process, one at a time', delivery));
  recordFigure({ name: 'event store subscription delivery, same process: p99', value: round(percentile(delivery, 0.99)), unit: 'ms' });
  console.log(describeLatency('delivery, same process, sustained appends', await streamingLatency(2000)));
  console.log(describeLatency('delivery, other connection, poll 100 ms', await pingPongLatency(100, 100, false)));
  console.log(describeLatency('delivery, other connection, poll 10 ms', await pingPongLatency(200, 10, false)));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(directory, { recursive: true, force: true }));
