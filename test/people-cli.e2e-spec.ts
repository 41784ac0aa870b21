import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { browserHeaders, linkToken, runCliWithInput, signIn, useLink } from './support/people';
import { runCli } from './support/server-process';
import { call, startTestApp, type TestApp } from './support/test-app';

/** The exit code and stderr of a CLI run that must fail (runCli rejects with execFile's error). */
async function cliFailure(dataDir: string, args: readonly string[]): Promise<{ code: unknown; stderr: string }> {
  try {
    const printed: unknown = await runCli(dataDir, args);
    throw new Error(`expected a failure, got ${JSON.stringify(printed)}`);
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: string };
    if (stderr === undefined) throw error;
    return { code, stderr };
  }
}

/**
 * People from the shell, as an operator runs them beside a running server (the built CLI on the
 * server's data directory): what the CLI creates works at once over HTTP.
 */
describe('the people CLI beside a running server', () => {
  let t: TestApp;
  let workspaceId: string;
  let closed = false;
  const adaPassword = 'correct horse battery staple';
  /** Every password, link and token the CLI printed: none may be in the stores in clear. */
  const secrets: string[] = [adaPassword];

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId } = await t.createWorkspace('People'));
  });
  afterAll(async () => {
    if (!closed) await t.close();
    rmSync(t.dataDir, { recursive: true, force: true });
  });

  it('creates an account with a password read from stdin, which signs in over HTTP', async () => {
    const created = await runCliWithInput(
      t.dataDir,
      ['user', 'create', '--email', 'Ada@Example.com', '--name', 'Ada Lovelace', '--workspace', workspaceId, '--role', 'admin', '--password-stdin'],
      `${adaPassword}\n`,
    );
    expect(created).toEqual({ userId: expect.any(String), email: 'ada@example.com', fullName: 'Ada Lovelace', workspaces: [{ workspaceId, role: 'admin' }] });

    const session = await signIn(t.baseUrl, 'ada@example.com', adaPassword);
    const me = await call(t.baseUrl, 'GET', '/api/auth/session', { headers: browserHeaders(session, false) });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ sId: created.userId, email: 'ada@example.com', fullName: 'Ada Lovelace' });
    expect(me.body.workspaces).toEqual([expect.objectContaining({ sId: workspaceId, role: 'admin' })]);

    // Too short, or an account that exists: refused with a message, nothing printed on stdout.
    await expect(runCliWithInput(t.dataDir, ['user', 'create', '--email', 'short@example.com', '--name', 'Short', '--password-stdin'], 'tiny\n')).rejects.toThrow(
      /exited 2: The password must be at least 10 characters/,
    );
    const again = await cliFailure(t.dataDir, ['user', 'create', '--email', 'ada@example.com', '--name', 'Ada']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
  }, 30_000);

  it('creates an account without a password: its one-time sign-in link sets one', async () => {
    const created = await runCli(t.dataDir, ['user', 'create', '--email', 'bob@example.com', '--name', 'Bob', '--workspace', workspaceId]);
    expect(created).toMatchObject({ email: 'bob@example.com', workspaces: [{ workspaceId, role: 'user' }], signInLink: expect.stringMatching(/\/sign-in#token=/) });

    const linked = await useLink(t.baseUrl, linkToken(created.signInLink), 'bob-s own password');
    const me = await call(t.baseUrl, 'GET', '/api/auth/session', { headers: browserHeaders(linked, false) });
    expect(me.body.workspaces).toEqual([expect.objectContaining({ sId: workspaceId, role: 'user' })]);
    await expect(signIn(t.baseUrl, 'bob@example.com', 'bob-s own password')).resolves.toMatchObject({ userId: created.userId });
    // Once only.
    expect((await call(t.baseUrl, 'POST', '/api/auth/links/use', { body: { token: linkToken(created.signInLink), password: 'another password' } })).status).toBe(400);

    // A password link lets the person choose a new password; the old one stops working.
    const reset = await runCli(t.dataDir, ['user', 'password-link', '--email', 'BOB@example.com']);
    expect(reset).toMatchObject({ userId: created.userId, email: 'bob@example.com', passwordLink: expect.stringMatching(/\/reset-password#token=/) });
    await useLink(t.baseUrl, linkToken(reset.passwordLink), 'bob-s new password');
    await expect(signIn(t.baseUrl, 'bob@example.com', 'bob-s own password')).rejects.toThrow(/401/);
    await signIn(t.baseUrl, 'bob@example.com', 'bob-s new password');
    expect((await cliFailure(t.dataDir, ['user', 'password-link', '--email', 'nobody@example.com'])).stderr).toContain('No account');
    secrets.push(linkToken(created.signInLink), linkToken(reset.passwordLink), 'bob-s own password', 'bob-s new password');
  }, 30_000);

  it('lists accounts with their workspaces, never a hash', async () => {
    const printed = JSON.stringify(await runCli(t.dataDir, ['user', 'list']));
    expect(printed).not.toMatch(/scrypt|passwordHash|secretHash/);
    const { users } = JSON.parse(printed);
    expect(users.map((user: { email: string }) => user.email)).toEqual(['ada@example.com', 'bob@example.com']);
    expect(users[1]).toEqual({
      userId: expect.any(String),
      email: 'bob@example.com',
      fullName: 'Bob',
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
      workspaces: [{ workspaceId, role: 'user' }],
    });
  }, 30_000);

  it('changes roles and removes members, but never the last admin', async () => {
    const { members } = await runCli(t.dataDir, ['member', 'list', '--workspace', workspaceId]);
    expect(members.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
      ['ada@example.com', 'admin'],
      ['bob@example.com', 'user'],
    ]);
    for (const args of [
      ['member', 'remove', '--workspace', workspaceId, '--email', 'ada@example.com'],
      ['member', 'set-role', '--workspace', workspaceId, '--email', 'ada@example.com', '--role', 'builder'],
    ]) {
      const refused = await cliFailure(t.dataDir, args);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim()).toBe('The workspace must keep at least one admin: make another member admin first.');
    }

    expect(await runCli(t.dataDir, ['member', 'set-role', '--workspace', workspaceId, '--email', 'bob@example.com', '--role', 'admin'])).toMatchObject({ role: 'admin' });
    const bob = await signIn(t.baseUrl, 'bob@example.com', 'bob-s new password');
    expect((await call(t.baseUrl, 'GET', '/api/auth/session', { headers: browserHeaders(bob, false) })).body.workspaces[0].role).toBe('admin');
    // With a second admin, the first may step down.
    expect(await runCli(t.dataDir, ['member', 'set-role', '--workspace', workspaceId, '--email', 'ada@example.com', '--role', 'builder'])).toMatchObject({ role: 'builder' });

    await runCli(t.dataDir, ['user', 'create', '--email', 'cleo@example.com', '--name', 'Cleo']);
    expect(await runCli(t.dataDir, ['member', 'add', '--workspace', workspaceId, '--email', 'cleo@example.com', '--role', 'builder'])).toMatchObject({ email: 'cleo@example.com', role: 'builder' });
    expect((await cliFailure(t.dataDir, ['member', 'add', '--workspace', workspaceId, '--email', 'cleo@example.com'])).stderr).toContain('already');
    expect((await cliFailure(t.dataDir, ['member', 'add', '--workspace', workspaceId, '--email', 'nobody@example.com'])).stderr).toContain('No account');
    expect(await runCli(t.dataDir, ['member', 'remove', '--workspace', workspaceId, '--email', 'cleo@example.com'])).toMatchObject({ removed: expect.any(String) });
    expect((await cliFailure(t.dataDir, ['member', 'remove', '--workspace', workspaceId, '--email', 'cleo@example.com'])).stderr).toContain('not a member');
    const after = (await runCli(t.dataDir, ['member', 'list', '--workspace', workspaceId])).members;
    expect(after.map((member: { email: string }) => member.email)).toEqual(['ada@example.com', 'bob@example.com']);
  }, 60_000);

  it("creates a member's personal access token, refused once the membership ends", async () => {
    expect((await cliFailure(t.dataDir, ['token', 'create', '--workspace', workspaceId, '--user', 'cleo@example.com'])).stderr).toContain('not a member');
    expect((await cliFailure(t.dataDir, ['token', 'create', '--workspace', workspaceId, '--user', 'ada@example.com', '--expires-in', 'soon'])).stderr).toContain('--expires-in');

    const created = await runCli(t.dataDir, ['token', 'create', '--workspace', workspaceId, '--user', 'ada@example.com', '--name', 'laptop', '--expires-in', '30d']);
    expect(created).toEqual({ token: expect.stringMatching(/^pat-/), tokenId: expect.any(String), name: 'laptop', userId: expect.any(String), expiresAt: expect.any(String) });
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const spaces = `/api/v1/w/${workspaceId}/spaces`;
    expect((await call(t.baseUrl, 'GET', spaces, { key: created.token })).status).toBe(200);
    await runCli(t.dataDir, ['member', 'remove', '--workspace', workspaceId, '--email', 'ada@example.com']);
    const refused = await call(t.baseUrl, 'GET', spaces, { key: created.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error.type).toBe('workspace_not_found');
    secrets.push(created.token);
  }, 30_000);

  it('leaves no password, link or token in clear in the stores', async () => {
    // Read once the app is closed: opening and closing its SQLite files from the process that holds
    // them open would drop the locks SQLite holds on them (POSIX locks are per process).
    await t.close({ keepData: true });
    closed = true;
    for (const file of readdirSync(t.dataDir)) {
      const bytes = readFileSync(join(t.dataDir, file));
      for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
  });
});
