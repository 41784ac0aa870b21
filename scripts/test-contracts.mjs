// Runs the storage contract suites of the production adapters (EventStoreDB, MongoDB) against the
// compose services: `docker compose up -d kurrentdb mongo`, then `npm run test:contracts`.
// EVENTSTORE_URL / MONGODB_URL, when set, point the suites elsewhere; extra arguments go to jest.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const env = {
  ...process.env,
  EVENTSTORE_URL: process.env.EVENTSTORE_URL || 'esdb://localhost:2113?tls=false',
  // The replica set's one member is named mongo:27017, a name only the compose network resolves:
  // directConnection talks to the server as given instead of to the members it lists.
  MONGODB_URL: process.env.MONGODB_URL || 'mongodb://localhost:27017/?replicaSet=rs0&directConnection=true',
};
const suites = String.raw`libs/storage/src/.*/(eventstoredb|mongodb)[^/]*\.spec\.ts$`;
const jest = join(root, 'node_modules', '.bin', 'jest');
// `--selectProjects` takes every word after it: it comes last, so extra arguments stay jest's own.
const args = ['--testPathPatterns', suites, ...process.argv.slice(2), '--selectProjects', 'unit'];
const result = spawnSync(jest, args, { cwd: root, env, stdio: 'inherit' });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
