import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The V8 flags the service runs with, read from the `start` script of package.json (the Dockerfile
 * and docker-compose.yml carry the same, which test/runtime-flags.e2e-spec.ts checks), so that a
 * bench measures the service as `npm start` runs it.
 */
export function serviceNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return nodeFlagsOf(manifest.scripts.start ?? '');
}

/** The `--flags` between `node` and the script in a command line. */
export function nodeFlagsOf(command: string): string[] {
  const match = /\bnode((?:\s+--\S+)*)\s+dist\//.exec(command);
  return match?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}
