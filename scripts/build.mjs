// Builds dist/ from two parts:
//   the servers: apps/*/src and libs/*/src (the web app's aside), compiled by swc into dist/apps and dist/libs;
//   the web app: apps/web, bundled by Vite into dist/web, which the api serves at /.
//   node scripts/build.mjs             both, from scratch: deletes dist/ first (npm start, npm run build)
//   node scripts/build.mjs --if-stale  each part only when one of its sources changed since its last build, in place
//   node scripts/build.mjs --web       the web app only, in place (npm run build:web)
// The CLI and the projector use --if-stale: a server may be running from dist/, and deleting it
// under that server breaks every module it has yet to load (and any restart in between).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const WEB_APP = join('apps', 'web');
const serverRoots = ['apps', 'libs'].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'src')))
    .map((entry) => join(group, entry.name, 'src'))
    .filter((source) => !source.startsWith(`${WEB_APP}/`)),
);

const parts = {
  server: { stamp: join(dist, '.build-stamp'), sources: serverRoots, settings: ['.swcrc'], build: buildServer },
  web: { stamp: join(dist, '.web-build-stamp'), sources: [WEB_APP], settings: [], build: buildWeb },
};

/** Newest modification time among a part's sources, their folders (a deleted file changes its folder) and its build settings. */
function newestSourceMtimeMs({ sources, settings }) {
  let newest = Math.max(statSync(import.meta.filename).mtimeMs, ...settings.map((file) => statSync(join(root, file)).mtimeMs));
  const visit = (path) => {
    const stats = statSync(path);
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  for (const source of sources) visit(join(root, source));
  return newest;
}

function buildServer() {
  const swc = join(root, 'node_modules', '.bin', 'swc');
  return new Promise((resolve, reject) => {
    const child = spawn(swc, [...serverRoots, '-d', 'dist', '--config-file', '.swcrc', '--quiet'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`swc exited with ${code}`))));
  });
}

async function buildWeb() {
  const { build } = await import('vite');
  await build({ configFile: join(root, WEB_APP, 'vite.config.mts'), logLevel: 'warn' });
}

/** Builds a part, then stamps it with the time it started, so a source saved during the build makes the next --if-stale build again. */
async function run({ stamp, build }) {
  const startedAt = new Date();
  await build();
  writeFileSync(stamp, '');
  utimesSync(stamp, startedAt, startedAt);
}

const ifStale = process.argv.includes('--if-stale');
const selected = process.argv.includes('--web') ? [parts.web] : [parts.server, parts.web];
const due = ifStale ? selected.filter((part) => !existsSync(part.stamp) || statSync(part.stamp).mtimeMs < newestSourceMtimeMs(part)) : selected;
if (!ifStale && selected.length === 2) rmSync(dist, { recursive: true, force: true });
try {
  await Promise.all(due.map(run));
} catch (error) {
  process.stderr.write(`Build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
