/**
 * Rebuild at scale: fills an event log with realistic conversations (created, user messages, agent
 * messages and their completion) appended straight to the store, then replays it all into a fresh
 * generation of read models, with the projector's progress bar, sampling the process's RSS.
 * Run: `npm run build:bench && node dist/bench/rebuild.bench.js [events]` (default 1,000,000).
 */
import { createProgressBar } from '../apps/projector/src/rebuild/progress-bar';
import { ALL_PROJECTIONS, rebuildReadModels } from '../libs/projections/src';
import { BULK_CHECKPOINT_INTERVAL_MS } from '../libs/storage/src/sqlite/wal-checkpointer';
import { appendConversationCopies, conversationTemplate } from './support/conversation-traffic';
import { embeddedStores } from './support/embedded-stores';
import { runBench } from './support/run-bench';
import { recordFigure } from './support/results';

const ROUNDS_PER_CONVERSATION = 33;
const MB = 2 ** 20;

async function main(): Promise<void> {
  const wanted = Number(process.argv[2] ?? 1_000_000);
  // Opened as `npm run projector -- rebuild` opens them.
  const stores = embeddedStores('wcs-rebuild-', { readStoreCheckpointIntervalMs: BULK_CHECKPOINT_INTERVAL_MS });
  const { eventStore, readStore } = stores;
  try {
    const template = await conversationTemplate(ROUNDS_PER_CONVERSATION);
    const conversations = Math.ceil(wanted / template.events.length);
    const filledAt = Date.now();
    await appendConversationCopies(eventStore, template, conversations);
    const total = await eventStore.headPosition();
    process.stderr.write(`  ${total} events in ${conversations} conversations appended in ${Date.now() - filledAt} ms\n`);

    (globalThis as { gc?: () => void }).gc?.();
    const rssBefore = process.memoryUsage().rss;
    let maxRss = rssBefore;
    const sampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 50);
    const bar = createProgressBar();
    const result = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, { switchGraceMs: 0, onProgress: (progress) => bar.update(progress) });
    bar.done();
    clearInterval(sampler);
    maxRss = Math.max(maxRss, process.memoryUsage().rss);

    const eventsPerSecond = Math.round(result.events / (result.durationMs / 1000));
    console.log(JSON.stringify({
      bench: 'rebuild all read models (SQLite)', events: result.events, conversations, durationMs: result.durationMs, failed: result.failed,
      eventsPerSecond, rssBeforeMb: Math.round(rssBefore / MB), maxRssMb: Math.round(maxRss / MB),
    }));
    const scale = `${result.events} events, ${conversations} conversations of ${template.events.length} events`;
    recordFigure({ name: 'rebuild of 1,000,000 events: rate', value: eventsPerSecond, unit: 'events/s', target: { atLeast: 50_000 }, detail: `${scale}, ${(result.durationMs / 1000).toFixed(1)} s, ${result.failed} failed` });
    recordFigure({ name: 'rebuild of 1,000,000 events: max RSS', value: Math.round(maxRss / MB), unit: 'MB', target: { below: 500 }, detail: `RSS before the rebuild ${Math.round(rssBefore / MB)} MB` });
  } finally {
    await stores.close();
  }
}

runBench(main);
