import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The V8 flags the service runs with, read from the `start` script of package.json (the Dockerfile
 * and docker-compose.yml carry the same, which test/runtime-flags.e2e-spec.ts checks), so that a
 * bench measures the service as `npm start` runs it.
 */
export function serviceNodeFlags(): string[] {
  return nodeFlagsOf(scripts().start ?? '');
}

/** The V8 flags of the offline commands, read from the `projector` script (`npm run projector -- rebuild`). */
export function offlineNodeFlags(): string[] {
  return nodeFlagsOf(scripts().projector ?? '');
}

/** The scripts of the project's package.json, the first one above this file (built into dist/ or not). */
function scripts(): Record<string, string> {
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> }).scripts;
  }
  throw new Error(`No package.json above ${__dirname}`);
}

/** The `--flags` between `node` and the script in a command line. */
export function nodeFlagsOf(command: string): string[] {
  const match = /\bnode((?:\s+--\S+)*)\s+dist\//.exec(command);
  return match?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}
