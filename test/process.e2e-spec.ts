import { DustAPI } from '@dust-tt/client';
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, startServer } from './support/server-process';
import { call } from './support/test-app';

const root = join(__dirname, '..');
const node = process.execPath;
const execFileAsync = promisify(execFile);

/**
 * Runs the built CLI; resolves with its stdout, rejects with its exit `code` and `stderr` (both
 * captured, so nothing lands in the test output). Asynchronous on purpose: a test that blocked its
 * event loop for seconds would miss the server closing idle keep-alive connections, and its next
 * fetch would go out on a closed socket.
 */
async function cli(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(node, ['dist/apps/api/src/cli.js', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  return stdout;
}

/** Runs the built CLI expecting a failure: its exit status and what it wrote on stderr. */
async function cliFailure(dataDir: string, args: string[]): Promise<{ status: number | null; stderr: string }> {
  try {
    await cli(dataDir, args);
  } catch (error) {
    const { code, stderr } = error as { code: number | null; stderr: string };
    return { status: code, stderr };
  }
  return { status: 0, stderr: '' };
}

describe('the service as processes: first start, CLI, kill -9 and restart', () => {
  let dataDir: string;
  // A port free when the suite starts (a random one in a fixed range could be another process's);
  // the restarts reuse it.
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-process-'));
    port = await freePort();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('bootstraps once, serves CLI-created workspaces while running, and keeps state across kill -9', async () => {
    const first = await startServer(dataDir, port, { ADMIN_EMAIL: 'Admin@Example.com' });
    // The first start prints its line once the key and the admin's link work, just after it starts listening.
    let banner: string | undefined;
    for (const deadline = Date.now() + 10_000; banner === undefined && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      banner = first.stdout().split('\n').find((line) => line.includes('defaultWorkspace'));
    }
    expect(banner).toBeDefined();
    const bootstrap = JSON.parse(banner!).defaultWorkspace;
    expect(bootstrap.apiKey).toMatch(/^sk-[0-9a-f]{32}$/);
    // The banner for people: the address, the workspace, the key and a curl that works as pasted.
    expect(first.stdout()).toContain(`Workspace service listening on http://localhost:${port}`);
    expect(first.stdout()).toContain(`Default workspace:  ${bootstrap.workspaceId}`);
    const curl = /^ {4}curl -H 'Authorization: Bearer (sk-[0-9a-f]{32})' '(http:\/\/localhost:\d+\/[^']+)'$/m.exec(first.stdout());
    expect(curl?.[1]).toBe(bootstrap.apiKey);
    const pasted = await fetch(curl![2]!, { headers: { authorization: `Bearer ${curl![1]}` } });
    expect(pasted.status).toBe(200);
    const listed = (await pasted.json()) as { spaces: Array<{ kind: string }> };
    expect(listed.spaces.map((space) => space.kind).sort()).toEqual(['conversations', 'global']);

    // ADMIN_EMAIL: the first admin account, an admin of the default workspace, with a one-time
    // sign-in link (in the JSON line and the banner) where its owner sets the password.
    const { firstAdmin } = JSON.parse(banner!);
    expect(firstAdmin).toEqual({ email: 'admin@example.com', signInLink: expect.stringMatching(new RegExp(`^http://localhost:${port}/sign-in#token=[A-Za-z0-9_-]+$`)) });
    expect(first.stdout()).toContain('First admin:        admin@example.com');
    expect(first.stdout()).toContain(`Sign-in link:       ${firstAdmin.signInLink}`);
    const adminToken = new URL(firstAdmin.signInLink).hash.slice('#token='.length);
    const adminPassword = 'the first admin chose this';
    const signedIn = await call(`http://127.0.0.1:${port}`, 'POST', '/api/auth/links/use', { body: { token: adminToken, password: adminPassword } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe('admin@example.com');
    expect(signedIn.body.workspaces).toEqual([expect.objectContaining({ sId: bootstrap.workspaceId, role: 'admin' })]);
    const again = await call(`http://127.0.0.1:${port}`, 'POST', '/api/auth/links/use', { body: { token: adminToken, password: adminPassword } });
    expect(again.status).toBe(400);
    const passwordSignIn = await call(`http://127.0.0.1:${port}`, 'POST', '/api/auth/sign-in', { body: { email: 'admin@example.com', password: adminPassword } });
    expect(passwordSignIn.status).toBe(200);

    const output = await cli(dataDir, ['workspace', 'create', '--name', 'Acme', '--region', 'europe-west1']);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]!);
    expect(Object.keys(created).sort()).toEqual(['apiKey', 'workspaceId']);
    const { apiKey: userKey } = JSON.parse(await cli(dataDir, ['key', 'create', '--workspace', created.workspaceId, '--role', 'user', '--user', 'ada@example.com']));

    const client = new DustAPI({ url: `http://127.0.0.1:${port}` }, { workspaceId: created.workspaceId, apiKey: created.apiKey }, console);
    const spaces = await client.getSpaces();
    expect(spaces.isOk()).toBe(true);
    const conversation = await client.createConversation({
      title: 'Survives',
      visibility: 'unlisted',
      message: { content: 'persist me', mentions: [], context: { username: 'ada', timezone: 'UTC', fullName: null, email: null, profilePictureUrl: null, origin: 'api' } },
    });
    if (!conversation.isOk()) throw new Error(JSON.stringify(conversation.error));
    const conversationId = conversation.value.conversation.sId;
    expect((await call(`http://127.0.0.1:${port}`, 'GET', `/api/w/${created.workspaceId}`, { key: userKey })).body.workspace.role).toBe('user');

    // Secrets exist only as hashes: not in the event log, not in the read models, not in the logs.
    for (const file of readdirSync(dataDir)) {
      const bytes = readFileSync(join(dataDir, file));
      for (const secret of [created.apiKey, userKey, bootstrap.apiKey, adminToken, adminPassword]) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
    expect(first.stdout()).not.toContain(created.apiKey);
    expect(first.stdout()).not.toContain(userKey);
    expect(first.stdout()).not.toContain(adminPassword);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServer(dataDir, port);
    try {
      expect(second.stdout()).not.toContain('defaultWorkspace');
      const fetched = await client.getConversation({ conversationId });
      if (!fetched.isOk()) throw new Error(JSON.stringify(fetched.error));
      expect(fetched.value.title).toBe('Survives');
      expect(fetched.value.content[0]?.[0]).toMatchObject({ type: 'user_message', content: 'persist me' });
      const bootstrapWorkspace = await call(`http://127.0.0.1:${port}`, 'GET', `/api/w/${bootstrap.workspaceId}`, { key: bootstrap.apiKey });
      expect(bootstrapWorkspace.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }
  }, 60_000);

  it('stops at boot with a message naming each bad variable', () => {
    let failure: { status: number | null; stderr: string } | null = null;
    try {
      execFileSync(node, ['dist/apps/api/src/main.js'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty', REGION: 'mars-north1', CUSTOM_MODEL_PROVIDERS: '{not json' },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const e = error as { status: number | null; stderr: string };
      failure = { status: e.status, stderr: e.stderr };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('PORT');
    expect(failure?.stderr).toContain('REGION');
    expect(failure?.stderr).toContain('CUSTOM_MODEL_PROVIDERS');
  });

  it('the CLI rejects bad arguments with a message and a non-zero exit', async () => {
    const mistakes = [
      ['workspace', 'create'],
      ['key', 'create', '--workspace', 'nope', '--role', 'owner'],
      ['key', 'create', '--workspace', 'NoSuchWs00', '--role', 'user'],
      ['key', 'list'],
      ['key', 'list', '--workspace', 'NoSuchWs00'],
      ['key', 'revoke', '--workspace', 'NoSuchWs00', '--key', 'key_nope'],
      ['frobnicate'],
    ];
    const failures = await Promise.all(mistakes.map((args) => cliFailure(dataDir, args)));
    for (const failure of failures) {
      expect(failure.status).toBe(2);
      expect(failure.stderr.trim()).not.toBe('');
    }
    // The usage goes to stderr, which the caller captures: nothing lands in the test output.
    expect(failures.at(-1)?.stderr).toContain('key revoke --workspace <wId> --key <keyId>');
    expect(await cli(dataDir, ['help'])).toContain('Usage:');
  }, 30_000);

  it('lists workspaces and keys (never a secret) and a revoked key is refused at once by a running server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wcs-cli-'));
    const serverPort = await freePort();
    const server = await startServer(dir, serverPort);
    try {
      const base = `http://127.0.0.1:${serverPort}`;
      // Without ADMIN_EMAIL the first start creates no account, and says how to create an admin.
      for (const deadline = Date.now() + 10_000; !server.stdout().includes('user create') && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
      const firstLine = JSON.parse(server.stdout().split('\n').find((line) => line.includes('defaultWorkspace'))!);
      expect(firstLine.firstAdmin).toBeUndefined();
      expect(server.stdout()).toContain(`npm run cli -- user create --email you@example.com --name 'Your Name' --workspace ${firstLine.defaultWorkspace.workspaceId} --role admin`);
      const created = JSON.parse(await cli(dir, ['workspace', 'create', '--name', 'Keys Inc']));
      const { apiKey: userKey } = JSON.parse(await cli(dir, ['key', 'create', '--workspace', created.workspaceId, '--role', 'user', '--user', 'ada@example.com']));
      expect((await call(base, 'GET', `/api/v1/w/${created.workspaceId}/spaces`, { key: userKey })).status).toBe(200);

      const { workspaces } = JSON.parse(await cli(dir, ['workspace', 'list']));
      expect(workspaces.map((w: { name: string }) => w.name)).toEqual(['Default workspace', 'Keys Inc']);
      expect(workspaces[1]).toEqual({ workspaceId: created.workspaceId, name: 'Keys Inc', region: 'us-central1', createdAt: expect.any(String) });

      const listed = await cli(dir, ['key', 'list', '--workspace', created.workspaceId]);
      for (const secret of [created.apiKey, userKey]) expect(listed).not.toContain(secret);
      const { keys } = JSON.parse(listed);
      expect(keys).toEqual([
        { keyId: expect.stringMatching(/^key_/), prefix: created.apiKey.slice(0, 9), role: 'admin', user: null, createdAt: expect.any(String), lastUsedAt: null },
        { keyId: expect.stringMatching(/^key_/), prefix: userKey.slice(0, 9), role: 'user', user: 'ada@example.com', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
      ]);
      expect(Date.parse(keys[1].lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(keys[1].createdAt));

      expect(JSON.parse(await cli(dir, ['key', 'revoke', '--workspace', created.workspaceId, '--key', keys[1].keyId]))).toEqual({ revoked: keys[1].keyId });
      const refused = await call(base, 'GET', `/api/v1/w/${created.workspaceId}/spaces`, { key: userKey });
      expect(refused.status).toBe(401);
      expect(refused.body.error.type).toBe('invalid_api_key_error');
      expect((await call(base, 'GET', `/api/v1/w/${created.workspaceId}/spaces`, { key: created.apiKey })).status).toBe(200);
      expect(JSON.parse(await cli(dir, ['key', 'list', '--workspace', created.workspaceId])).keys.map((k: { keyId: string }) => k.keyId)).toEqual([keys[0].keyId]);
      // Revoking again changes nothing and says so.
      expect((await cliFailure(dir, ['key', 'revoke', '--workspace', created.workspaceId, '--key', keys[1].keyId])).status).toBe(2);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the projector process writes a heartbeat that its container health check reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wcs-projector-'));
    const heartbeatFile = join(dir, 'projector.heartbeat');
    const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', PROJECTOR_HEARTBEAT_FILE: heartbeatFile };
    const check = () => spawnSync(node, ['dist/apps/projector/src/health/check-heartbeat.js'], { cwd: root, env, encoding: 'utf8' });
    expect(check().status).toBe(1);
    const projector = spawn(node, ['dist/apps/projector/src/main.js'], { cwd: root, env, stdio: 'ignore' });
    try {
      const deadline = Date.now() + 10_000;
      while (!existsSync(heartbeatFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(check().status).toBe(0);
    } finally {
      projector.kill('SIGTERM');
      await new Promise((resolve) => projector.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
