/**
 * HTTP throughput of the conversation endpoints against the built server in its own process
 * (embedded stores, fresh data directory), each beside its ceiling measured in the same run with the
 * same load: raw `node:http` plus one durable `node:sqlite` insert per POST, and raw `node:http`
 * serving the very bytes of our GET answer.
 * Run: `npm run build:bench && node dist/bench/conversation-http.bench.js`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './support/load';
import { startApiProcess, startCeilingServer } from './support/processes';
import { runBench } from './support/run-bench';
import { ratio, recordFigure } from './support/results';

const CONNECTIONS = 16;
const WARMUP_MS = 2000;
const DURATION_MS = 10_000;
const messageBody = JSON.stringify({ content: 'hello from the bench', mentions: [], context: { username: 'bench', timezone: 'UTC', origin: 'api' } });

type Load = Awaited<ReturnType<typeof runLoad>>;

async function measure(request: () => Promise<number>): Promise<Load> {
  await runLoad(request, { concurrency: CONNECTIONS, durationMs: WARMUP_MS });
  return runLoad(request, { concurrency: CONNECTIONS, durationMs: DURATION_MS });
}

async function ours(): Promise<{ post: Load; get: Load; getBody: Buffer }> {
  const api = await startApiProcess();
  try {
    // POST message, no agent: each loop posts into its own conversation (one stream per writer).
    const targets = await Promise.all(Array.from({ length: CONNECTIONS }, () => api.createConversation()));
    let next = 0;
    const post = await measure(() => api.postMessage(targets[next++ % targets.length]!));
    console.log(JSON.stringify({ bench: `POST message (no agent), ${CONNECTIONS} connections, ${CONNECTIONS} conversations`, ...post }));

    // GET a conversation holding 20 messages.
    const twenty = await api.createConversation();
    for (let i = 0; i < 20; i += 1) await api.postMessage(twenty);
    const url = `${api.conversations}/${twenty}`;
    const getBody = Buffer.from(await (await fetch(url, { headers: api.headers })).arrayBuffer());
    const get = await measure(async () => {
      const res = await fetch(url, { headers: api.headers });
      await res.arrayBuffer();
      return res.status;
    });
    console.log(JSON.stringify({ bench: `GET conversation with 20 messages (${getBody.length} bytes), ${CONNECTIONS} connections`, ...get }));
    return { post, get, getBody };
  } finally {
    await api.stop();
  }
}

async function ceilings(getBody: Buffer): Promise<{ post: Load; get: Load }> {
  const directory = mkdtempSync(join(tmpdir(), 'wcs-ceiling-'));
  try {
    const inserts = await startCeilingServer('raw-insert-server.js', [join(directory, 'events.sqlite')]);
    let next = 0;
    const post = await measure(async () => {
      const res = await fetch(`${inserts.base}/conversation/${next++ % CONNECTIONS}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: messageBody });
      await res.arrayBuffer();
      return res.status;
    }).finally(() => inserts.stop());
    console.log(JSON.stringify({ bench: 'ceiling: raw node:http + one node:sqlite insert (WAL, synchronous=FULL) per POST', ...post }));

    const bodyFile = join(directory, 'conversation.json');
    writeFileSync(bodyFile, getBody);
    const bytes = await startCeilingServer('raw-bytes-server.js', [bodyFile]);
    const get = await measure(async () => {
      const res = await fetch(`${bytes.base}/conversation`);
      await res.arrayBuffer();
      return res.status;
    }).finally(() => bytes.stop());
    console.log(JSON.stringify({ bench: 'ceiling: raw node:http serving the same GET bytes', ...get }));
    return { post, get };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const measured = await ours();
  const ceiling = await ceilings(measured.getBody);
  const describe = (load: Load, raw: Load) => `ours ${load.perSecond} req/s (p50 ${load.p50} ms, p99 ${load.p99} ms), raw ${raw.perSecond} req/s`;
  recordFigure({
    name: `POST message (no agent) req/s vs raw node:http + one node:sqlite insert (synchronous=FULL), ${CONNECTIONS} connections`,
    value: ratio(measured.post.perSecond, ceiling.post.perSecond),
    target: { atLeast: 0.3 },
    detail: describe(measured.post, ceiling.post),
  });
  recordFigure({
    name: `GET conversation (20 messages) req/s vs raw node:http serving the same bytes, ${CONNECTIONS} connections`,
    value: ratio(measured.get.perSecond, ceiling.get.perSecond),
    target: { atLeast: 0.4 },
    detail: describe(measured.get, ceiling.get),
  });
}

runBench(main);
