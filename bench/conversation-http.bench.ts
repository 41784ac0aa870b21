/**
 * HTTP throughput of the conversation endpoints against the built server in its own process
 * (embedded stores, fresh data directory). Run: `npm run build:bench && node dist/bench/conversation-http.bench.js`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './support/load';

const root = join(__dirname, '..', '..');
const port = 39500;
const base = `http://127.0.0.1:${port}`;
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', AGENT_RUNNER_ENABLED: 'false', BOOTSTRAP_WORKSPACE: 'false', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off' };
  const { workspaceId, apiKey } = JSON.parse(
    execFileSync(process.execPath, ['dist/apps/api/src/cli.js', 'workspace', 'create', '--name', 'bench'], { cwd: root, env, encoding: 'utf8' }),
  );
  const server = spawn(process.execPath, ['dist/apps/api/src/main.js'], { cwd: root, env, stdio: 'ignore' });
  try {
    await waitUntilUp();
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const conversations = `${base}/api/v1/w/${workspaceId}/assistant/conversations`;
    const create = async (): Promise<string> => {
      const res = await fetch(conversations, { method: 'POST', headers, body: '{}' });
      return ((await res.json()) as { conversation: { sId: string } }).conversation.sId;
    };

    // POST message, no agent: each loop posts into its own conversation (one stream per writer).
    const targets = await Promise.all(Array.from({ length: 16 }, create));
    let next = 0;
    await runLoad(async () => postMessage(conversations, headers, targets[next++ % targets.length]!), { concurrency: 16, durationMs: 2000 });
    const post = await runLoad(async () => postMessage(conversations, headers, targets[next++ % targets.length]!), { concurrency: 16, durationMs: 10_000 });
    console.log(JSON.stringify({ bench: 'POST message (no agent), 16 connections, 16 conversations', ...post }));

    // GET a conversation holding 20 messages.
    const twenty = await create();
    for (let i = 0; i < 20; i += 1) await postMessage(conversations, headers, twenty);
    const get = await runLoad(async () => (await fetch(`${conversations}/${twenty}`, { headers })).status, { concurrency: 16, durationMs: 10_000 });
    console.log(JSON.stringify({ bench: 'GET conversation with 20 messages, 16 connections', ...get }));
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postMessage(conversations: string, headers: Record<string, string>, conversationId: string): Promise<number> {
  const res = await fetch(`${conversations}/${conversationId}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content: 'hello from the bench', mentions: [], context }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

void main();
