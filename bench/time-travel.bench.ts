/**
 * Time travel on a long conversation: reading a 10,000-event conversation as it stood at random
 * instants (`GET …?at=` folds the conversation's events, with snapshots every 500 events), one page
 * of 50 ranks as the paged GET renders it, and the whole conversation (the first read ever starts from
 * the snapshots the log follower stored while the events were appended); then the first read of a
 * restarted process (nothing in memory: the nearest snapshot stored in the read store is loaded).
 * Run: `npm run build:bench && node dist/bench/time-travel.bench.js`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ConversationEvent } from '../libs/contracts/src/events/conversation/conversation.events';
import { CURRENT_SCHEMA_VERSION } from '../libs/contracts/src/events/upcast';
import { renderConversation } from '../libs/contracts/src/render/conversation.render';
import { conversationAggregate } from '../libs/domain/src/conversation/conversation.decider';
import type { ConversationCommand } from '../libs/domain/src/conversation/conversation.commands';
import { rankPage } from '../apps/api/src/conversations/rank-page';
import { conversationOf } from '../apps/api/src/conversations/time-travel/conversation-fold';
import { ConversationTimeline } from '../apps/api/src/conversations/time-travel/conversation-timeline';
import { FoldSnapshotStore } from '../apps/api/src/conversations/time-travel/fold-snapshot-store';
import { FoldSnapshotter } from '../apps/api/src/conversations/time-travel/fold-snapshotter';
import pino from 'pino';
import { embeddedStores } from './support/embedded-stores';
import { percentiles } from './support/load';
import { recordFigure } from './support/results';
import { runBench } from './support/run-bench';

const EVENTS = 10_000;
const SAMPLES = 300;
/** Reads each by a restarted process. */
const COLD_SAMPLES = 100;
const PAGE = 50;
/** Time between two events of the conversation. */
const EVENT_SPACING_MS = 1_000;
const ids = { conversationId: 'BenchConv1', workspaceId: 'BenchWs001' };
const owner = { id: 1, sId: ids.workspaceId, name: 'Bench', role: 'user' as const, regionalModelsOnly: false, segmentation: null, whiteListedProviders: null, defaultEmbeddingProvider: null };
const context = { viewerUserId: 'benchuser1', owner, baseUrl: 'http://localhost:3000' };

/** Posts, reactions and renames in turn, as decided by the conversation aggregate. */
function history(start: number): ConversationEvent[] {
  const { decider } = conversationAggregate;
  let state = decider.initialState();
  const events: ConversationEvent[] = [];
  const run = (command: ConversationCommand) => {
    const decided = decider.decide(command, state);
    state = decided.reduce(decider.evolve, state);
    events.push(...decided);
  };
  const now = () => start + events.length * EVENT_SPACING_MS;
  const user = { userId: 'benchuser1', username: 'bench', fullName: 'Bench' };
  run({ type: 'CreateConversation', ...ids, now: now(), title: 'Long', visibility: 'unlisted', depth: 0, spaceId: null, metadata: null, triggerId: null, requestedSpaceIds: [], createdBy: null });
  for (let i = 0; events.length < EVENTS; i += 1) {
    const messageId = `msg${String(i).padStart(7, '0')}`;
    run({ type: 'PostUserMessage', ...ids, now: now(), messageId, content: `message ${i}: ${'lorem ipsum '.repeat(8)}`, mentions: [], context: { username: 'bench', timezone: 'UTC' }, user: null, mentionedAgents: [], agentMessageIds: [] });
    if (i % 3 === 0) run({ type: 'AddReaction', ...ids, now: now(), messageId, emoji: '+1', user });
    if (i % 50 === 0) run({ type: 'ChangeTitle', ...ids, now: now(), title: `Long ${i}` });
  }
  return events.slice(0, EVENTS);
}

function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  return work().then((value) => ({ ms: performance.now() - started, value }));
}

async function main(): Promise<void> {
  const stores = embeddedStores('wcs-bench-time-travel-');
  try {
    const start = Date.now() - EVENTS * EVENT_SPACING_MS;
    const events = history(start);
    const stream = `conversation-${ids.conversationId}`;
    const logger = pino({ level: 'silent' });
    // The service's snapshotter follows the log while the conversation grows, as in the api.
    const written = new FoldSnapshotStore(stores.readStore, logger);
    const snapshotter = new FoldSnapshotter(stores.eventStore, new ConversationTimeline(stores.eventStore, written), logger);
    snapshotter.onApplicationBootstrap();
    for (let i = 0; i < events.length; i += 500) {
      const batch = events.slice(i, i + 500).map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } }));
      await stores.eventStore.append(stream, batch, i === 0 ? 'no_stream' : i - 1);
    }
    await snapshotter.settled();
    await snapshotter.onApplicationShutdown();
    await written.settled();
    const snapshots = new FoldSnapshotStore(stores.readStore, logger);
    const timeline = new ConversationTimeline(stores.eventStore, snapshots);
    const instantOf = (sample: number) => start + ((sample * 7919) % EVENTS) * EVENT_SPACING_MS;
    const page = async (at: number, on = timeline) => {
      const fold = await on.at(ids.conversationId, at);
      if (!fold) throw new Error(`no conversation at ${at}`);
      const ranks = new Set(rankPage(fold.header.nextRank, { limit: PAGE }).ranks);
      return JSON.stringify(renderConversation(conversationOf(fold, ranks), context)).length;
    };
    const first = await time(() => page(start + EVENTS * EVENT_SPACING_MS));
    const paged: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) paged.push((await time(() => page(instantOf(sample)))).ms);
    const full: number[] = [];
    for (let sample = 0; sample < 30; sample += 1) {
      const at = instantOf(sample);
      full.push(
        (
          await time(async () => {
            const fold = await timeline.at(ids.conversationId, at);
            return fold ? JSON.stringify(renderConversation(conversationOf(fold), context)).length : 0;
          })
        ).ms,
      );
    }
    await snapshots.settled();
    // A restarted process: a timeline and snapshot store with nothing in memory, on the same stores.
    const cold: number[] = [];
    for (let sample = 0; sample < COLD_SAMPLES; sample += 1) {
      const restarted = new ConversationTimeline(stores.eventStore, new FoldSnapshotStore(stores.readStore, logger));
      cold.push((await time(() => page(instantOf(sample * 31 + 1), restarted))).ms);
    }
    const pages = percentiles(paged);
    const whole = percentiles(full);
    const restarts = percentiles(cold);
    const detail = `p50 ${pages.p50} ms; the whole conversation at those instants (up to about ${Math.round(EVENTS / 1.35)} messages) p50 ${whole.p50} ms, p99 ${whole.p99} ms`;
    recordFigure({ name: `time travel on a ${EVENTS.toLocaleString('en')}-event conversation, one page of ${PAGE} at a random instant: p99`, value: pages.p99, unit: 'ms', target: { below: 100 }, detail });
    recordFigure({
      name: `time travel on a ${EVENTS.toLocaleString('en')}-event conversation, first read ever (snapshots taken as it grew), one page of ${PAGE} at its end`,
      value: Math.round(first.ms * 100) / 100,
      unit: 'ms',
      target: { below: 100 },
      detail: 'nothing in memory; the snapshots the log follower stored while the events were appended',
    });
    recordFigure({
      name: `time travel on a ${EVENTS.toLocaleString('en')}-event conversation, first read after a restart (stored snapshots), one page of ${PAGE} at a random instant: p99`,
      value: restarts.p99,
      unit: 'ms',
      target: { below: 100 },
      detail: `p50 ${restarts.p50} ms over ${COLD_SAMPLES} restarts`,
    });
  } finally {
    await stores.close();
  }
}

runBench(main);
