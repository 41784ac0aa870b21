/**
 * HTTP throughput of the conversation endpoints: the built server in its own process (embedded
 * stores, fresh data directory, `npm start`'s V8 flags), loaded by autocannon from a third process,
 * beside two ceilings doing the same work in the same run with the same load:
 *   raw `node:http` (what Node itself allows), and bare Express 5 (what the framework we build on
 *   costs, which nothing of ours removes).
 * POST: each ceiling parses the JSON body and makes one durable `node:sqlite` insert; GET: each
 * serves the very bytes of our answer. Ours and the ceilings alternate in short rounds, so a change
 * in what else the machine does weighs on all three alike.
 * Run: `npm run build:bench && node dist/bench/conversation-http.bench.js`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLoadGenerator, type LoadGenerator, type LoadResult, type LoadRun } from './support/load-generator-client';
import { startApiProcess, startCeilingServer } from './support/processes';
import { ratio, recordFigure } from './support/results';
import { runBench } from './support/run-bench';

const CONNECTIONS = 16;
const WARMUP_MS = 2000;
const ROUNDS = 3;
const ROUND_MS = 3000;
const messageBody = JSON.stringify({ content: 'hello from the bench', mentions: [], context: { username: 'bench', timezone: 'UTC', origin: 'api' } });

type Contender = 'ours' | 'express' | 'raw';
type Target = Omit<LoadRun, 'connections' | 'durationMs'>;
type Rounds = Record<Contender, LoadResult[]>;

/** Warms each up, then runs rounds of ours, Express and raw in turn. */
async function alternate(load: LoadGenerator, targets: Record<Contender, Target>): Promise<Rounds> {
  const contenders = Object.keys(targets) as Contender[];
  for (const contender of contenders) await load.run({ ...targets[contender], connections: CONNECTIONS, durationMs: WARMUP_MS });
  const rounds: Rounds = { ours: [], express: [], raw: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const contender of contenders) {
      const result = await load.run({ ...targets[contender], connections: CONNECTIONS, durationMs: ROUND_MS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${contender}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rounds[contender].push(result);
    }
  }
  return rounds;
}

/** Targets of a path: against bare Express (this round's), and against raw node:http (kept from the rounds before). */
interface Targets {
  readonly express: number;
  readonly raw: number;
}

function report(what: string, expressCeiling: string, rawCeiling: string, targets: Targets, rounds: Rounds): void {
  const mean = (results: LoadResult[]) => Math.round(results.reduce((sum, result) => sum + result.perSecond, 0) / results.length);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [ours, express, raw] = [mean(rounds.ours), mean(rounds.express), mean(rounds.raw)];
  const perRound = rounds.ours.map((result, i) => ratio(result.perSecond, rounds.express[i]!.perSecond));
  console.log(JSON.stringify({ bench: what, ours, express, raw, perRound, rounds }));
  const latency = (results: LoadResult[]) => `p50 ${median(results.map((r) => r.p50))} ms, p99 ${median(results.map((r) => r.p99))} ms`;
  const figures = `ours ${ours} req/s (${latency(rounds.ours)}), Express ${express} req/s (${latency(rounds.express)}), raw ${raw} req/s (${latency(rounds.raw)}); ${ROUNDS} rounds of ${ROUND_MS / 1000} s each, ${CONNECTIONS} keep-alive connections from autocannon in its own process`;
  recordFigure({
    name: `${what} req/s vs ${expressCeiling}`,
    value: ratio(ours, express),
    target: { atLeast: targets.express },
    detail: `${figures}; per round ${Math.min(...perRound)}–${Math.max(...perRound)}`,
  });
  recordFigure({ name: `${what} req/s vs ${rawCeiling}`, value: ratio(ours, raw), target: { atLeast: targets.raw }, detail: `Express reaches ${ratio(express, raw)} of raw` });
}

async function main(): Promise<void> {
  const api = await startApiProcess();
  const load = startLoadGenerator();
  const directory = mkdtempSync(join(tmpdir(), 'wcs-ceiling-'));
  const stops: (() => Promise<void>)[] = [() => api.stop(), async () => load.stop()];
  try {
    // POST message, no agent: the connections post into 16 conversations in turn (one stream per writer).
    const conversations = await Promise.all(Array.from({ length: CONNECTIONS }, () => api.createConversation()));
    const rawInserts = await startCeilingServer('raw-insert-server.js', [join(directory, 'raw.sqlite')]);
    const expressInserts = await startCeilingServer('express-insert-server.js', [join(directory, 'express.sqlite')]);
    stops.push(rawInserts.stop, expressInserts.stop);
    const ceilingPaths = conversations.map((_, i) => `/conversation/${i}`);
    const post = { method: 'POST', body: messageBody } as const;
    const posts = await alternate(load, {
      ours: { ...post, base: api.base, headers: api.headers, paths: conversations.map((id) => `${api.conversationsPath}/${id}/messages`) },
      express: { ...post, base: expressInserts.base, headers: { 'content-type': 'application/json' }, paths: ceilingPaths },
      raw: { ...post, base: rawInserts.base, headers: { 'content-type': 'application/json' }, paths: ceilingPaths },
    });
    report(
      'POST message (no agent)',
      'Express 5 + express.json() + one node:sqlite insert (synchronous=FULL)',
      'raw node:http + JSON.parse + the same insert',
      { express: 0.5, raw: 0.3 },
      posts,
    );

    // GET a conversation holding 20 messages, against the same bytes served by each ceiling.
    const twenty = await api.createConversation();
    for (let i = 0; i < 20; i += 1) await api.postMessage(twenty);
    const path = `${api.conversationsPath}/${twenty}`;
    const bodyFile = join(directory, 'conversation.json');
    writeFileSync(bodyFile, Buffer.from(await (await fetch(`${api.base}${path}`, { headers: api.headers })).arrayBuffer()));
    const rawBytes = await startCeilingServer('raw-bytes-server.js', [bodyFile]);
    const expressBytes = await startCeilingServer('express-bytes-server.js', [bodyFile]);
    stops.push(rawBytes.stop, expressBytes.stop);
    const gets = await alternate(load, {
      ours: { method: 'GET', base: api.base, headers: { authorization: api.headers.authorization! }, paths: [path] },
      express: { method: 'GET', base: expressBytes.base, paths: ['/conversation'] },
      raw: { method: 'GET', base: rawBytes.base, paths: ['/conversation'] },
    });
    report('GET conversation (20 messages)', 'bare Express 5 serving the same bytes', 'raw node:http serving the same bytes', { express: 0.7, raw: 0.4 }, gets);
  } finally {
    for (const stop of stops) await stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
