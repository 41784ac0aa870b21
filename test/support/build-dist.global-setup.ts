import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Jest global setup: brings dist/ up to date before any test runs. Worker threads (text
 * extraction) and spawned server processes run the built JavaScript, never the TypeScript sources
 * jest transforms; building once here also spares the suites racing to build it themselves.
 */
export default function buildDist(): void {
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
}
