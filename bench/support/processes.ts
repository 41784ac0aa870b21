import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNodeFlags } from './service-node-flags';

/** The repository root, seen from dist/bench/support. */
const root = join(__dirname, '..', '..', '..');
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** `…/api/v1/w/<workspace>/assistant/conversations` */
  readonly conversations: string;
  /** `/api/v1/w/<workspace>/assistant/conversations` */
  readonly conversationsPath: string;
  readonly headers: Record<string, string>;
  createConversation(): Promise<string>;
  /** Posts a message without agent; resolves to the HTTP status. */
  postMessage(conversationId: string, content?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the built api (dist/) in its own process on embedded stores in a fresh data directory, on
 * a port free at the time (several benches may run on one machine).
 */
export async function startApiProcess(): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', AGENT_RUNNER_ENABLED: 'false', BOOTSTRAP_WORKSPACE: 'false', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off' };
  const { workspaceId, apiKey } = JSON.parse(
    execFileSync(process.execPath, ['dist/apps/api/src/cli.js', 'workspace', 'create', '--name', 'bench'], { cwd: root, env, encoding: 'utf8' }),
  );
  const server = spawn(process.execPath, [...serviceNodeFlags(), 'dist/apps/api/src/main.js'], { cwd: root, env, stdio: 'ignore' });
  await waitUntilUp(`${base}/healthz`);
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const conversationsPath = `/api/v1/w/${workspaceId}/assistant/conversations`;
  const conversations = `${base}${conversationsPath}`;
  return {
    base,
    conversations,
    conversationsPath,
    headers,
    async createConversation() {
      const res = await fetch(conversations, { method: 'POST', headers, body: '{}' });
      return ((await res.json()) as { conversation: { sId: string } }).conversation.sId;
    },
    async postMessage(conversationId, content = 'hello from the bench') {
      const res = await fetch(`${conversations}/${conversationId}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content, mentions: [], context }),
      });
      await res.arrayBuffer();
      return res.status;
    },
    async stop() {
      await stopProcess(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Forks a ceiling server of bench/support (compiled) and waits for the port it listens on. */
export async function startCeilingServer(script: string, args: string[]): Promise<{ base: string; stop(): Promise<void> }> {
  const child = fork(join(__dirname, script), args, { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilUp(url: string): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}
