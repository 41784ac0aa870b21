/**
 * HTTP throughput of the conversation endpoints against the built server in its own process
 * (embedded stores, fresh data directory), each beside its ceiling measured in the same run with the
 * same load: raw `node:http` plus one durable `node:sqlite` insert per POST, and raw `node:http`
 * serving the very bytes of our GET answer. Ours and the ceiling alternate in short rounds, so a
 * change in what else the machine does (CPU, disk) weighs on both alike.
 * Run: `npm run build:bench && node dist/bench/conversation-http.bench.js`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './support/load';
import { startApiProcess, startCeilingServer } from './support/processes';
import { ratio, recordFigure } from './support/results';
import { runBench } from './support/run-bench';

const CONNECTIONS = 16;
const WARMUP_MS = 2000;
const ROUNDS = 4;
const ROUND_MS = 2500;
const messageBody = JSON.stringify({ content: 'hello from the bench', mentions: [], context: { username: 'bench', timezone: 'UTC', origin: 'api' } });

type Request = () => Promise<number>;
type Load = Awaited<ReturnType<typeof runLoad>>;

/** Warms both up, then alternates rounds of ours and the ceiling; returns the rounds of each. */
async function alternate(ours: Request, ceiling: Request): Promise<{ ours: Load[]; ceiling: Load[] }> {
  await runLoad(ours, { concurrency: CONNECTIONS, durationMs: WARMUP_MS });
  await runLoad(ceiling, { concurrency: CONNECTIONS, durationMs: WARMUP_MS });
  const rounds = { ours: [] as Load[], ceiling: [] as Load[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.ours.push(await runLoad(ours, { concurrency: CONNECTIONS, durationMs: ROUND_MS }));
    rounds.ceiling.push(await runLoad(ceiling, { concurrency: CONNECTIONS, durationMs: ROUND_MS }));
  }
  return rounds;
}

function report(name: string, target: number, rounds: { ours: Load[]; ceiling: Load[] }): void {
  const perSecond = (loads: Load[]) => Math.round(loads.reduce((sum, load) => sum + load.perSecond, 0) / loads.length);
  const ours = perSecond(rounds.ours);
  const ceiling = perSecond(rounds.ceiling);
  const perRound = rounds.ours.map((load, i) => ratio(load.perSecond, rounds.ceiling[i]!.perSecond));
  console.log(JSON.stringify({ bench: name, ours, ceiling, perRound, oursRounds: rounds.ours, ceilingRounds: rounds.ceiling }));
  const p50 = rounds.ours.map((load) => load.p50).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
  recordFigure({
    name,
    value: ratio(ours, ceiling),
    target: { atLeast: target },
    detail: `ours ${ours} req/s (p50 ${p50} ms), raw ${ceiling} req/s; per round ${Math.min(...perRound)}–${Math.max(...perRound)}`,
  });
}

async function main(): Promise<void> {
  const api = await startApiProcess();
  const directory = mkdtempSync(join(tmpdir(), 'wcs-ceiling-'));
  const stops: (() => Promise<void>)[] = [() => api.stop()];
  try {
    // POST message, no agent: each loop posts into its own conversation (one stream per writer).
    const targets = await Promise.all(Array.from({ length: CONNECTIONS }, () => api.createConversation()));
    const inserts = await startCeilingServer('raw-insert-server.js', [join(directory, 'events.sqlite')]);
    stops.push(inserts.stop);
    let next = 0;
    let nextRaw = 0;
    const post = await alternate(
      () => api.postMessage(targets[next++ % targets.length]!),
      () => status(fetch(`${inserts.base}/conversation/${nextRaw++ % CONNECTIONS}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: messageBody })),
    );
    report(`POST message (no agent) req/s vs raw node:http + one node:sqlite insert (synchronous=FULL), ${CONNECTIONS} connections`, 0.3, post);

    // GET a conversation holding 20 messages, against the same bytes served raw.
    const twenty = await api.createConversation();
    for (let i = 0; i < 20; i += 1) await api.postMessage(twenty);
    const url = `${api.conversations}/${twenty}`;
    const bodyFile = join(directory, 'conversation.json');
    writeFileSync(bodyFile, Buffer.from(await (await fetch(url, { headers: api.headers })).arrayBuffer()));
    const bytes = await startCeilingServer('raw-bytes-server.js', [bodyFile]);
    stops.push(bytes.stop);
    const get = await alternate(() => status(fetch(url, { headers: api.headers })), () => status(fetch(`${bytes.base}/conversation`)));
    report(`GET conversation (20 messages) req/s vs raw node:http serving the same bytes, ${CONNECTIONS} connections`, 0.4, get);
  } finally {
    for (const stop of stops) await stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Reads the whole answer (as a client would) and returns its status. */
async function status(response: Promise<Response>): Promise<number> {
  const res = await response;
  await res.arrayBuffer();
  return res.status;
}

runBench(main);
