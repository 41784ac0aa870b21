/**
 * Whether a post costs the same in a long conversation: p50 of POST message (no agent) into a
 * conversation of 10 messages, of 1,000 and of 10,000, and their ratios (target: within 1.5×), plus
 * GET of one page (`limit=50`) of the 1,000-message conversation. The lengths are posted to in
 * turn (the length grows by 200 during the run). A conversation is filled by
 * appending copies of one real post straight to its stream (posting 10,000 messages one by one
 * would take minutes), then waiting for the projector: the timed posts go through HTTP. In-process server, embedded stores, one connection,
 * so the figures are the server's own cost per request. Run:
 * `npm run build:bench && node dist/bench/conversation-growth.bench.js`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { toConversationStreamName } from '../libs/domain/src/conversation/conversation.stream';
import { EVENT_STORE, type EventStore } from '../libs/storage/src';
import { ReadModels } from '../apps/api/src/event-sourcing/reading/read-models';
import { startTestApp, type TestApp } from '../test/support/test-app';
import { percentiles } from './support/load';
import { recordFigure } from './support/results';

const LENGTHS = [10, 1_000, 10_000];
const FILL_BATCH = 500;
const SAMPLES = 200;
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

async function main(): Promise<void> {
  const t = await startTestApp({
    AGENT_RUNNER_ENABLED: 'false',
    RATE_LIMIT_PER_KEY: 'off',
    RATE_LIMIT_PER_WORKSPACE: 'off',
    // The projector catches up with a filled conversation before the first timed post.
    READ_YOUR_WRITES_TIMEOUT_MS: '60000',
  });
  try {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const conversations = `${t.baseUrl}/api/v1/w/${workspaceId}/assistant/conversations`;
    const post = async (conversationId: string): Promise<number> => {
      const res = await fetch(`${conversations}/${conversationId}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'hello from the bench', mentions: [], context }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`POST answered ${res.status}`);
      return res.status;
    };
    const timed = async (request: () => Promise<unknown>): Promise<number> => {
      const t0 = performance.now();
      await request();
      return performance.now() - t0;
    };

    // Every conversation is filled first, then posted to in turn, so that whatever else the machine
    // does at a moment weighs on every length alike.
    const targets: Array<{ length: number; conversationId: string; samples: number[] }> = [];
    for (const length of LENGTHS) {
      const created = await fetch(conversations, { method: 'POST', headers, body: '{}' });
      const conversationId = ((await created.json()) as { conversation: { sId: string } }).conversation.sId;
      await post(conversationId);
      await fill(t, conversationId, length - 1);
      // The first command on a filled stream folds it: not a post's steady cost.
      await post(conversationId);
      targets.push({ length, conversationId, samples: [] });
    }
    for (let i = 0; i < SAMPLES; i += 1) {
      for (const target of targets) target.samples.push(await timed(() => post(target.conversationId)));
    }
    const p50s = new Map<number, number>();
    for (const { length, samples } of targets) {
      const { p50, p99 } = percentiles(samples);
      p50s.set(length, p50);
      console.log(JSON.stringify({ bench: `POST message (no agent) at conversation length ${length}`, p50, p99 }));
    }
    const thousand = targets.find((target) => target.length === 1_000)!.conversationId;
    const base = p50s.get(LENGTHS[0]!)!;
    for (const length of LENGTHS.slice(1)) {
      const ratio = Math.round((p50s.get(length)! / base) * 100) / 100;
      recordFigure({
        name: `POST p50 at conversation length ${length.toLocaleString('en-US')} / at length ${LENGTHS[0]}`,
        value: ratio,
        unit: '×',
        target: { below: 1.5 },
        detail: `${p50s.get(length)} ms vs ${base} ms`,
      });
    }
    const pageSamples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      pageSamples.push(
        await timed(async () => {
          const res = await fetch(`${conversations}/${thousand}?limit=50`, { headers });
          await res.arrayBuffer();
        }),
      );
    }
    const page = percentiles(pageSamples);
    console.log(JSON.stringify({ bench: 'GET conversation of 1,000 messages with limit=50', ...page }));
  } finally {
    await t.close();
  }
}

/** Appends `count` copies of the conversation's last post (new ids, next ranks), then waits for the read models. */
async function fill(t: TestApp, conversationId: string, count: number): Promise<void> {
  const store = t.app.get<EventStore>(EVENT_STORE);
  const stream = toConversationStreamName(conversationId);
  const recorded = await store.readStream(stream);
  const template = recorded[recorded.length - 1]!;
  let revision = template.revision;
  let rank = (template.data.rank as number) + 1;
  let position = template.position;
  for (let done = 0; done < count; ) {
    const size = Math.min(FILL_BATCH, count - done);
    const events = Array.from({ length: size }, (_, i) => ({
      id: randomUUID(),
      type: template.type,
      data: { ...template.data, messageId: `fill${String(done + i).padStart(6, '0')}`, rank: rank + i },
      metadata: template.metadata,
    }));
    const result = await store.append(stream, events, revision);
    ({ nextRevision: revision, position } = result);
    rank += size;
    done += size;
  }
  await t.app.get(ReadModels).waitFor(position);
}

void main();
