import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeFlagsOf, offlineNodeFlags } from '../bench/support/service-node-flags';

// The service's processes run with the same V8 flags however they are started, and the benches
// measure them with those flags (bench/support/service-node-flags.ts reads the `start` script).

const root = join(__dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
/** `["node", "--a", "dist/x.js"]` as a command line. */
const execForm = (line: string) => (JSON.parse(line) as string[]).join(' ');

describe('runtime flags of the service', () => {
  const flags = nodeFlagsOf(scripts.start ?? '');

  it('size the young generation in the start script', () => {
    expect(flags).toEqual(['--min-semi-space-size=64', '--max-semi-space-size=64', '--no-memory-reducer']);
  });

  it('are the same for the api and the projector under npm, the Dockerfile and docker compose', () => {
    expect(nodeFlagsOf(scripts['start:api'] ?? '')).toEqual(flags);
    expect(nodeFlagsOf(scripts['start:projector'] ?? '')).toEqual(flags);
    const dockerCmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1] ?? '[]';
    expect(nodeFlagsOf(execForm(dockerCmd))).toEqual(flags);
    const projectorCommand = /^\s+command: (\["node".*\])$/m.exec(read('docker-compose.yml'))?.[1] ?? '[]';
    expect(nodeFlagsOf(execForm(projectorCommand))).toEqual(flags);
  });

  it('cap the young generation of the offline commands, which the rebuild bench runs with', () => {
    expect(offlineNodeFlags()).toEqual(['--max-semi-space-size=32']);
    expect(nodeFlagsOf(scripts.projector ?? '')).toEqual(offlineNodeFlags());
  });
});
