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
  'cron-parser/',
];

/**
 * What the built api has loaded once it answers /healthz, booted as `npm start` boots it: its files
 * under node_modules, and Node's own fetch implementation (undici) if loaded.
 */
async function loadedAtBoot(): Promise<{ files: string[]; internals: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-boot-'));
  const port = await freePort();
  // Asked with node:http: fetch would load Node's fetch implementation into the probed process.
  const probe = `
    const http = require('node:http');
    require(${JSON.stringify(join(REPOSITORY_ROOT, 'dist', 'apps', 'api', 'src', 'main.js'))});
    const poll = setInterval(() => {
      http.get('http://127.0.0.1:${port}/healthz', (response) => {
        response.resume();
        if (response.statusCode !== 200) return;
        clearInterval(poll);
        const files = Object.keys(require.cache).map((file) => /node_modules\\/(.*)$/.exec(file)?.[1]).filter(Boolean);
        const internals = process.moduleLoadList.filter((name) => name.includes('undici'));
        process.stdout.write(JSON.stringify({ files, internals }));
        process.exit(0);
      }).on('error', () => undefined);
    }, 50);
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', probe], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOOTSTRAP_WORKSPACE: 'false' },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as { files: string[]; internals: string[] };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('boot on the embedded stores', () => {
  let loaded: { files: string[]; internals: string[] };
  beforeAll(async () => {
    loaded = await loadedAtBoot();
  }, 90_000);

  it('answers its first request without loading the libraries only some requests need', () => {
    const { files } = loaded;
    expect(files).toContain('@nestjs/core/index.js');
    const folders = (file: string) => LOADED_ON_FIRST_USE.filter((folder) => file.startsWith(folder));
    expect([...new Set(files.flatMap(folders))]).toEqual([]);
  });

  it("does not load Node's fetch implementation", () => {
    // Reading the global Request or Response loads it (some 50 ms): so does the parameter metadata
    // of a decorated handler whose parameter is typed with express's Request or Response under
    // those names, which is why controllers import them as ExpressRequest and ExpressResponse.
    expect(loaded.internals).toEqual([]);
  });
});
