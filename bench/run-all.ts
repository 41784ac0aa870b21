/**
 * `npm run bench`: runs every dist/bench/*.bench.js in its own process, one after the other, each
 * bounded in time, collects the figures they record (bench/support/results.ts) and writes
 * bench/RESULTS.md. Exits non-zero when a bench failed or timed out (RESULTS.md is written anyway).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { FIGURES_FILE_VARIABLE, type RecordedFigure } from './support/results';
import { renderResults, type BenchRun } from './support/results-markdown';
import { offlineNodeFlags, serviceNodeFlags } from './support/service-node-flags';

/** A bench that runs longer is killed and reported as timed out. */
const BENCH_TIMEOUT_MS = 5 * 60_000;
/**
 * Benches run with the V8 flags of `npm start`, since they measure the service as it runs, except
 * those of offline commands, which run with the flags of `npm run projector -- rebuild`.
 */
const OFFLINE_BENCHES = new Set(['rebuild']);
const resultsPath = join(__dirname, '..', '..', 'bench', 'RESULTS.md');

function runBench(file: string, figuresFile: string): Promise<BenchRun> {
  const bench = file.replace(/\.bench\.js$/, '');
  const startedAt = Date.now();
  console.log(`# ${bench}`);
  return new Promise((resolve) => {
    const flags = OFFLINE_BENCHES.has(bench) ? offlineNodeFlags() : serviceNodeFlags();
    const child = spawn(process.execPath, ['--expose-gc', ...flags, join(__dirname, file)], {
      stdio: 'inherit',
      env: { ...process.env, [FIGURES_FILE_VARIABLE]: figuresFile },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, BENCH_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (Date.now() - startedAt) / 1000;
      const failure = timedOut ? `timed out after ${BENCH_TIMEOUT_MS / 1000} s` : code === 0 ? null : `failed (${signal ?? `exit ${code}`})`;
      resolve({ bench, seconds, failure });
    });
  });
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.js'))
    .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
    .sort();
  const directory = mkdtempSync(join(tmpdir(), 'wcs-bench-figures-'));
  const figuresFile = join(directory, 'figures.jsonl');
  const date = new Date();
  const startLoad = loadavg()[0] ?? 0;
  const runs: BenchRun[] = [];
  try {
    for (const file of files) runs.push(await runBench(file, figuresFile));
    const figures = existsSync(figuresFile)
      ? readFileSync(figuresFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as RecordedFigure)
      : [];
    const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryBytes: totalmem(), node: process.version, platform: `${platform()} ${release()}`, loadAverage: { start: startLoad, end: loadavg()[0] ?? 0 } };
    writeFileSync(resultsPath, renderResults(machine, date, figures, runs));
    console.log(`wrote ${resultsPath}: ${figures.length} figures from ${runs.length} benches`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  if (runs.some((run) => run.failure !== null)) process.exitCode = 1;
}

void main();
