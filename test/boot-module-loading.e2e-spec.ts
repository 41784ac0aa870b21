import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from './support/repository-root';
import { freePort } from './support/server-process';

// Libraries that only some requests (or another configuration) need are loaded on first use, so
// that a boot on the embedded stores does not pay for them before its first answer (docs/operations.md, Boot).
// Folders under node_modules; the tokenizer's is that of its encoding tables (boot reads its pre-tokenizer pattern).
const LOADED_ON_FIRST_USE = [
  'mongodb/',
  '@eventstore/db-client/',
  '@opensearch-project/opensearch/',
  'gpt-tokenizer/cjs/bpeRanks/',
  'ai/',
  '@ai-sdk/anthropic/',
  '@ai-sdk/google/',
  '@ai-sdk/mistral/',
  '@ai-sdk/openai/',
  '@ai-sdk/openai-compatible/',
  '@modelcontextprotocol/sdk/',
  'jszip/',
  'openid-client/',
];

/** The files under node_modules the built api has loaded once it answers /healthz, booted as `npm start` boots it. */
async function filesLoadedAtBoot(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-boot-'));
  const port = await freePort();
  const probe = `
    require(${JSON.stringify(join(REPOSITORY_ROOT, 'dist', 'apps', 'api', 'src', 'main.js'))});
    const poll = setInterval(async () => {
      try {
        if (!(await fetch('http://127.0.0.1:${port}/healthz')).ok) return;
      } catch {
        return;
      }
      clearInterval(poll);
      const files = Object.keys(require.cache).map((file) => /node_modules\\/(.*)$/.exec(file)?.[1]);
      process.stdout.write(JSON.stringify(files.filter(Boolean)));
      process.exit(0);
    }, 50);
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', probe], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOOTSTRAP_WORKSPACE: 'false' },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as string[];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('boot on the embedded stores', () => {
  it('answers its first request without loading the libraries only some requests need', async () => {
    const loaded = await filesLoadedAtBoot();
    expect(loaded).toContain('@nestjs/core/index.js');
    const folders = (file: string) => LOADED_ON_FIRST_USE.filter((folder) => file.startsWith(folder));
    expect([...new Set(loaded.flatMap(folders))]).toEqual([]);
  }, 90_000);
});
