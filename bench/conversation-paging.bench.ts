/**
 * GET of one page (`limit=50`) of a 1,000-message conversation, one request at a time, against the
 * built server in its own process. A server that ignores `limit` (no `hasMore` in the answer) is
 * reported as not supporting paging, without filling the conversation.
 * Run: `npm run build:bench && node dist/bench/conversation-paging.bench.js`.
 */
import { runLoad } from './support/load';
import { startApiProcess } from './support/processes';
import { runBench } from './support/run-bench';
import { recordFigure } from './support/results';

const MESSAGES = 1000;
const PAGE = 50;
const name = `GET of a ${MESSAGES}-message conversation with limit=${PAGE}: p50`;

async function main(): Promise<void> {
  const api = await startApiProcess();
  try {
    const conversationId = await api.createConversation();
    await api.postMessage(conversationId);
    const url = `${api.conversations}/${conversationId}?limit=${PAGE}`;
    const probe = (await (await fetch(url, { headers: api.headers })).json()) as { hasMore?: unknown };
    if (!('hasMore' in probe)) {
      console.log(JSON.stringify({ bench: name, supported: false }));
      recordFigure({ name, value: null, unit: 'ms', target: { below: 5 }, detail: 'not supported: the server ignores `limit` (no `hasMore` in the answer)' });
      return;
    }
    const filledAt = Date.now();
    for (let i = 1; i < MESSAGES; i += 1) await api.postMessage(conversationId, `message ${i}`);
    const fillMs = Date.now() - filledAt;
    const request = async () => {
      const res = await fetch(url, { headers: api.headers });
      await res.arrayBuffer();
      return res.status;
    };
    await runLoad(request, { concurrency: 1, durationMs: 1000 });
    const get = await runLoad(request, { concurrency: 1, durationMs: 5000 });
    console.log(JSON.stringify({ bench: name, supported: true, fillMs, ...get }));
    recordFigure({ name, value: get.p50, unit: 'ms', target: { below: 5 }, detail: `p99 ${get.p99} ms, one request at a time, ${get.requests} requests` });
  } finally {
    await api.stop();
  }
}

runBench(main);
