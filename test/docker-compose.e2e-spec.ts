import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The compose file says it passes every variable of the configuration table (docs/configuration.md)
// to the api; this keeps that true as variables are added.

const root = join(__dirname, '..');
const configuration = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');

describe('docker-compose.yml', () => {
  it('sets or passes through every variable of the configuration table', () => {
    const documented = [...configuration.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]!);
    expect(documented.length).toBeGreaterThan(50);
    const inCompose = new Set([...compose.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!));
    expect(documented.filter((name) => !inCompose.has(name))).toEqual([]);
  });
});
