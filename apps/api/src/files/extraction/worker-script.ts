import { existsSync } from 'node:fs';
import { join } from 'node:path';

const WORKER_FILE = 'extraction.worker.js';

/**
 * The JavaScript file a worker thread runs. Built code finds it beside itself in dist/. Code run
 * from the TypeScript sources (jest) has no JavaScript there, so it uses the same file in the
 * build that jest's global setup brings up to date (`npm run build:if-stale`).
 */
export function extractionWorkerScript(): string {
  const besideThisFile = join(__dirname, WORKER_FILE);
  if (existsSync(besideThisFile)) return besideThisFile;
  const root = join(__dirname, '..', '..', '..', '..', '..');
  const built = join(root, 'dist', 'apps', 'api', 'src', 'files', 'extraction', WORKER_FILE);
  if (existsSync(built)) return built;
  throw new Error(`The extraction worker ${built} is missing: run \`npm run build\` first.`);
}
