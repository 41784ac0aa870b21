/**
 * Projection lag: how long after an append returns the read models include it, under a sustained
 * 1,000 and then 2,000 events/s of user messages spread over 50 conversations, each rate on fresh
 * stores. In process, on the embedded stores:
 * the live projector reports each committed batch to ProjectionProgress, which is what a request
 * waiting for its own write listens to.
 * Run: `npm run build:bench && node dist/bench/projection-lag.bench.js [events/s ...]`.
 */
import { performance } from 'node:perf_hooks';
import { DeciderExecutor } from '../apps/api/src/event-sourcing/writing/decider-executor';
import { conversationAggregate } from '../libs/domain/src/conversation/conversation.decider';
import { ALL_PROJECTIONS, LiveProjector, ProjectionProgress } from '../libs/projections/src';
import { createConversationCommand, postUserMessageCommand } from './support/conversation-traffic';
import { percentiles } from './support/load';
import { embeddedStores } from './support/embedded-stores';
import { runBench } from './support/run-bench';
import { recordFigure } from './support/results';

const RATES = [1000, 2000];
const CONVERSATIONS = 50;
const WARMUP_MS = 1000;
const DURATION_MS = 10_000;

async function main(): Promise<void> {
  const only = process.argv.slice(2).map(Number);
  for (const rate of only.length > 0 ? only : RATES) await measureLag(rate);
}

async function measureLag(eventsPerSecond: number): Promise<void> {
  const stores = embeddedStores('wcs-lag-');
  const { eventStore, readStore } = stores;
  const progress = new ProjectionProgress();
  const projector = new LiveProjector(eventStore, readStore, ALL_PROJECTIONS, { info: () => undefined, error: () => undefined }, progress);
  const executor = new DeciderExecutor(eventStore);
  try {
    await projector.start();
    const conversations = Array.from({ length: CONVERSATIONS }, (_, i) => `LagConv${String(i).padStart(3, '0')}`);
    for (const id of conversations) await executor.execute(conversationAggregate, id, createConversationCommand(id), { actor: 'bench' });

    // Appends whose position the read models have not reached yet, in position order.
    let waiting: { position: number; returnedAt: number; measured: boolean }[] = [];
    const lags: number[] = [];
    progress.onAdvance((position) => {
      const now = performance.now();
      const stillWaiting = [];
      for (const entry of waiting) {
        if (entry.position > position) stillWaiting.push(entry);
        else if (entry.measured) lags.push(now - entry.returnedAt);
      }
      waiting = stillWaiting;
    });

    const startedAt = performance.now();
    const endAt = startedAt + WARMUP_MS + DURATION_MS;
    let issued = 0;
    const inFlight = new Set<Promise<void>>();
    while (performance.now() < endAt) {
      const due = Math.floor(((performance.now() - startedAt) / 1000) * eventsPerSecond);
      for (; issued < due; issued += 1) {
        const measured = performance.now() - startedAt >= WARMUP_MS;
        const conversationId = conversations[issued % CONVERSATIONS]!;
        const command = postUserMessageCommand(conversationId, `Lm${String(issued).padStart(8, '0')}`);
        const append = executor.execute(conversationAggregate, conversationId, command, { actor: 'bench' }).then((outcome) => {
          const returnedAt = performance.now();
          const position = outcome.position ?? 0;
          if (progress.current() >= position) {
            if (measured) lags.push(0);
          } else waiting.push({ position, returnedAt, measured });
        });
        inFlight.add(append);
        void append.finally(() => inFlight.delete(append));
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(inFlight);
    const achieved = Math.round(issued / ((performance.now() - startedAt) / 1000));
    while (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 10));

    const lag = percentiles(lags);
    console.log(JSON.stringify({ bench: `projection lag, ${eventsPerSecond} events/s over ${CONVERSATIONS} conversations`, events: lags.length, achievedEventsPerSecond: achieved, lagMs: lag }));
    recordFigure({
      name: `projection lag (append returned to read model visible), sustained ${eventsPerSecond} events/s: p99`,
      value: lag.p99,
      unit: 'ms',
      target: { below: 5 },
      detail: `p50 ${lag.p50} ms, max ${lag.max} ms, ${lags.length} events at ${achieved} events/s`,
    });
  } finally {
    await projector.stop();
    await stores.close();
  }
}

runBench(main);
