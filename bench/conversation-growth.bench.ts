/**
 * Whether a post costs the same in a long conversation: p50 of POST message (no agent) into a
 * conversation of 10 messages and of 1,000, and their ratio (target: within 1.5×), plus GET of one
 * page (`limit=50`) of the 1,000-message conversation. Filling goes through the HTTP API, one post
 * at a time (about 15 s for 1,000 on 2 cores), which keeps the run well under 90 s. In-process server, embedded stores, one connection,
 * so the figures are the server's own cost per request. Run:
 * `npm run build:bench && node dist/bench/conversation-growth.bench.js`.
 */
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../test/support/test-app';
import { percentiles } from './support/load';

const LENGTHS = [10, 1_000];
const SAMPLES = 200;
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

async function main(): Promise<void> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off' });
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
    const timed = async (request: () => Promise<unknown>): Promise<number[]> => {
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const t0 = performance.now();
        await request();
        samples.push(performance.now() - t0);
      }
      return samples;
    };

    const p50s = new Map<number, number>();
    let longest = '';
    for (const length of LENGTHS) {
      const created = await fetch(conversations, { method: 'POST', headers, body: '{}' });
      const conversationId = ((await created.json()) as { conversation: { sId: string } }).conversation.sId;
      const fillStart = performance.now();
      for (let i = 0; i < length; i += 1) await post(conversationId);
      const fillSeconds = Math.round((performance.now() - fillStart) / 100) / 10;
      const { p50, p99 } = percentiles(await timed(() => post(conversationId)));
      p50s.set(length, p50);
      longest = conversationId;
      console.log(JSON.stringify({ bench: `POST message (no agent) at conversation length ${length}`, p50, p99, fillSeconds }));
    }
    const base = p50s.get(LENGTHS[0]!)!;
    for (const length of LENGTHS.slice(1)) {
      const ratio = Math.round((p50s.get(length)! / base) * 100) / 100;
      console.log(JSON.stringify({ bench: `POST p50 at length ${length} vs length ${LENGTHS[0]}`, ratio, target: 1.5 }));
    }
    const page = percentiles(
      await timed(async () => {
        const res = await fetch(`${conversations}/${longest}?limit=50`, { headers });
        await res.arrayBuffer();
      }),
    );
    console.log(JSON.stringify({ bench: `GET conversation of ${LENGTHS[LENGTHS.length - 1]} messages with limit=50`, ...page }));
  } finally {
    await t.close();
  }
}

void main();
