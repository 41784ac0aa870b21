import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { shareNodeCompileCache } from './node-compile-cache';

/**
 * Brings dist/ up to date before any test runs. Worker threads (text extraction) and spawned
 * server processes run the built JavaScript, never the TypeScript sources jest transforms;
 * building once here also spares the suites racing to build it themselves.
 */
export function buildDist(): void {
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
}

/** Jest global setup: dist/ up to date, and one compile cache for every Node process of the run. */
export default function globalSetup(): void {
  shareNodeCompileCache();
  buildDist();
}
