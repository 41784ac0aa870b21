// Compiles apps/*/src and libs/*/src into dist/ with swc.
//   node scripts/build.mjs             from scratch: deletes dist/ first (npm start, npm run build)
//   node scripts/build.mjs --if-stale  only when a source changed since the last build, in place
// The CLI and the projector use --if-stale: a server may be running from dist/, and deleting it
// under that server breaks every module it has yet to load (and any restart in between).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const stamp = join(dist, '.build-stamp');
const sourceRoots = ['apps', 'libs'].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'src')))
    .map((entry) => join(group, entry.name, 'src')),
);

/** Newest modification time among the sources, their folders (a deleted file changes its folder) and the build settings. */
function newestSourceMtimeMs() {
  let newest = Math.max(statSync(join(root, '.swcrc')).mtimeMs, statSync(import.meta.filename).mtimeMs);
  const visit = (path) => {
    const stats = statSync(path);
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  for (const source of sourceRoots) visit(join(root, source));
  return newest;
}

const ifStale = process.argv.includes('--if-stale');
if (ifStale && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSourceMtimeMs()) process.exit(0);

const startedAt = new Date();
if (!ifStale) rmSync(dist, { recursive: true, force: true });
const swc = join(root, 'node_modules', '.bin', 'swc');
const result = spawnSync(swc, [...sourceRoots, '-d', 'dist', '--config-file', '.swcrc', '--quiet'], { cwd: root, stdio: 'inherit' });
if (result.error) throw result.error;
if (result.status !== 0) process.exit(result.status ?? 1);
// Dated from the start, so a source saved during the build makes the next --if-stale build again.
writeFileSync(stamp, '');
utimesSync(stamp, startedAt, startedAt);
