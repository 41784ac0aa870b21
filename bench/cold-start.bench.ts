/**
 * Cold start: the built api spawned as `npm start` runs it (its V8 flags, dist/apps/api/src/main.js,
 * the agent runner on and the bootstrap workspace as by default), timed from spawn to the first
 * 200 of `GET /healthz` and to the first 200 of an authenticated read (list the conversations of a
 * workspace with an API key the CLI created before the boot: the key is usable once the projector
 * inside the api has applied the CLI's events). Seven boots on a fresh data directory each, and
 * seven on one data directory holding 1,000 conversations of three messages.
 *
 * The compile cache (Node's, which main enables) lives in a directory of the bench's own, empty at
 * the start: the first boot compiles every module as the first boot after an install does, the
 * others read the cache as every later boot does. The first boot is reported on its own; the
 * medians and maxima are those of the later ones.
 * Run: `npm run build:bench && node dist/bench/cold-start.bench.js`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/support/server-process';
import { recordFigure } from './support/results';
import { runBench } from './support/run-bench';
import { serviceNodeFlags } from './support/service-node-flags';

const root = join(__dirname, '..', '..');
const BOOTS = 8;
const CONVERSATIONS = 1_000;
const MESSAGES_PER_CONVERSATION = 3;
const POLL_INTERVAL_MS = 5;
const TARGET_MS = 1_500;
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

interface Workspace {
  readonly workspaceId: string;
  readonly apiKey: string;
}

interface Boot {
  readonly healthMs: number;
  readonly readMs: number;
  /** CPU time of the server (all its threads) when its first read was answered, where /proc tells it. */
  readonly cpuMs: number | null;
}

/** The environment of `npm start` in a bench: the defaults, but quiet, rate limits off and its own compile cache. */
function serverEnv(dataDir: string, port: number, compileCache: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off', NODE_COMPILE_CACHE: compileCache };
}

function createWorkspace(dataDir: string): Workspace {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  const output = execFileSync(process.execPath, ['dist/apps/api/src/cli.js', 'workspace', 'create', '--name', 'bench'], { cwd: root, env, encoding: 'utf8' });
  return JSON.parse(output) as Workspace;
}

function spawnServer(dataDir: string, port: number, compileCache: string): ChildProcess {
  return spawn(process.execPath, [...serviceNodeFlags(), 'dist/apps/api/src/main.js'], { cwd: root, env: serverEnv(dataDir, port, compileCache), stdio: 'ignore' });
}

/** Milliseconds from `startedAt` until `url` first answers 200, asking every few milliseconds. */
async function firstOk(url: string, headers: Record<string, string>, startedAt: number, server: ChildProcess): Promise<number> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

function cpuMsOf(pid: number | undefined): number | null {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return null;
  // utime and stime, in clock ticks (100 a second on Linux), after the command's closing parenthesis.
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function boot(dataDir: string, workspace: Workspace, compileCache: string): Promise<Boot> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const server = spawnServer(dataDir, port, compileCache);
  try {
    const [healthMs, readMs] = await Promise.all([
      firstOk(`${base}/healthz`, {}, startedAt, server),
      firstOk(`${base}/api/v1/w/${workspace.workspaceId}/assistant/conversations`, { authorization: `Bearer ${workspace.apiKey}` }, startedAt, server),
    ]);
    return { healthMs, readMs, cpuMs: cpuMsOf(server.pid) };
  } finally {
    await stop(server);
  }
}

/** A data directory holding CONVERSATIONS conversations of MESSAGES_PER_CONVERSATION messages, written through the api. */
async function populatedDataDir(compileCache: string): Promise<{ dataDir: string; workspace: Workspace }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-bench-cold-'));
  const workspace = createWorkspace(dataDir);
  const port = await freePort();
  const server = spawnServer(dataDir, port, compileCache);
  const conversations = `http://127.0.0.1:${port}/api/v1/w/${workspace.workspaceId}/assistant/conversations`;
  const headers = { authorization: `Bearer ${workspace.apiKey}`, 'content-type': 'application/json' };
  try {
    await firstOk(conversations, headers, performance.now(), server);
    let next = 0;
    const writer = async () => {
      while (next < CONVERSATIONS) {
        next += 1;
        const created = await fetch(conversations, { method: 'POST', headers, body: '{}' });
        const { conversation } = (await created.json()) as { conversation: { sId: string } };
        for (let message = 0; message < MESSAGES_PER_CONVERSATION; message += 1) {
          const posted = await fetch(`${conversations}/${conversation.sId}/messages`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ content: `message ${message} of a conversation the cold-start bench wrote`, mentions: [], context }),
          });
          await posted.arrayBuffer();
          if (!posted.ok) throw new Error(`posting a message answered ${posted.status}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));
  } finally {
    await stop(server);
  }
  return { dataDir, workspace };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (ms: number) => Math.round(ms);

function report(label: string, boots: readonly Boot[]): void {
  const [first, ...later] = boots;
  const cpu = later.map((b) => b.cpuMs).filter((ms): ms is number => ms !== null);
  const cpuDetail = cpu.length > 0 ? `; server CPU (all threads) at its first read: median ${round(median(cpu))} ms` : '';
  for (const [what, of] of [
    ['first 200 of GET /healthz', (b: Boot) => b.healthMs],
    ['first 200 of an authenticated read (list conversations)', (b: Boot) => b.readMs],
  ] as const) {
    const values = later.map(of);
    console.log(JSON.stringify({ bench: `cold start, ${label}: ${what}`, ms: values.map(round), firstBoot: first ? round(of(first)) : null }));
    recordFigure({
      name: `Cold start, ${label}: spawn → ${what}, median of ${values.length} boots`,
      value: round(median(values)),
      unit: 'ms',
      target: { below: TARGET_MS },
      detail: `max ${round(Math.max(...values))} ms${what.startsWith('first 200 of an') ? cpuDetail : ''}`,
    });
    recordFigure({
      name: `Cold start, ${label}: spawn → ${what}, max of ${values.length} boots`,
      value: round(Math.max(...values)),
      unit: 'ms',
      target: { below: TARGET_MS },
    });
    if (first) {
      recordFigure({
        name: `Cold start, ${label}: spawn → ${what}, first boot of the build (empty compile cache)`,
        value: round(of(first)),
        unit: 'ms',
      });
    }
  }
}

runBench(async () => {
  // The bench's own client is warm before the first boot is timed.
  await fetch('http://127.0.0.1:9/').catch(() => undefined);
  const fresh: Boot[] = [];
  const freshCache = mkdtempSync(join(tmpdir(), 'wcs-bench-compile-cache-'));
  for (let run = 0; run < BOOTS; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'wcs-bench-cold-'));
    try {
      fresh.push(await boot(dataDir, createWorkspace(dataDir), freshCache));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  rmSync(freshCache, { recursive: true, force: true });
  report('fresh data directory', fresh);

  // Written with a compile cache of its own, so that the first of these boots too finds an empty one.
  const writerCache = mkdtempSync(join(tmpdir(), 'wcs-bench-compile-cache-'));
  const populated = await populatedDataDir(writerCache);
  rmSync(writerCache, { recursive: true, force: true });
  const populatedCache = mkdtempSync(join(tmpdir(), 'wcs-bench-compile-cache-'));
  try {
    const boots: Boot[] = [];
    for (let run = 0; run < BOOTS; run += 1) boots.push(await boot(populated.dataDir, populated.workspace, populatedCache));
    report(`data directory of ${CONVERSATIONS.toLocaleString('en')} conversations`, boots);
  } finally {
    rmSync(populated.dataDir, { recursive: true, force: true });
    rmSync(populatedCache, { recursive: true, force: true });
  }
});
