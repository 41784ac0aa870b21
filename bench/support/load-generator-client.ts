import { fork } from 'node:child_process';
import { join } from 'node:path';

/** One round of load: `connections` keep-alive connections for `durationMs`, cycling over `paths`. */
export interface LoadRun {
  readonly base: string;
  readonly paths: readonly string[];
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  readonly durationMs: number;
}

export interface LoadResult {
  readonly perSecond: number;
  /** Latency percentiles in milliseconds. */
  readonly p50: number;
  readonly p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts: a round with any is not a figure. */
  readonly non2xx: number;
  readonly errors: number;
}

export interface LoadGenerator {
  run(spec: LoadRun): Promise<LoadResult>;
  stop(): void;
}

/** Forks bench/support/load-generator (compiled) and drives it round by round. */
export function startLoadGenerator(): LoadGenerator {
  const child = fork(join(__dirname, 'load-generator.js'), [], { stdio: 'inherit' });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: LoadResult) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.result) pending?.resolve(message.result);
    else pending?.reject(new Error(message.error ?? 'load generator failed'));
  });
  return {
    run(spec) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, run: spec });
      });
    },
    stop: () => child.kill('SIGTERM'),
  };
}
