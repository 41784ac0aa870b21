import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { REPOSITORY_ROOT } from './repository-root';
import { call } from './test-app';

const root = REPOSITORY_ROOT;

/** The cookie a signed-in browser holds. */
export const SESSION_COOKIE = 'dust_session';

/** Sign-in budgets no test reaches, unless it is about them. */
export const ROOMY_SIGN_IN_BUDGETS = { SIGN_IN_ATTEMPTS_PER_ACCOUNT: '10000', SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000' } as const;

/** A signed-in browser: the cookie it sends back and the CSRF token its page puts on every write. */
export interface BrowserSession {
  /** The session cookie's value (the secret). */
  readonly secret: string;
  readonly csrfToken: string;
  readonly userId: string;
  readonly sessionId: string;
  /** The sign-in answer's `Set-Cookie` line for the session cookie, flags and all. */
  readonly setCookie: string;
}

/** The `Set-Cookie` line that sets (or clears) the session cookie in an answer, if any. */
export function sessionSetCookie(headers: Headers): string | null {
  return headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? null;
}

/** A `Set-Cookie` line's value and attributes (names lower-cased; a flag maps to true). */
export function parseSetCookie(line: string): { readonly value: string; readonly attributes: ReadonlyMap<string, string | true> } {
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const value = pair!.slice(pair!.indexOf('=') + 1);
  const attributes = new Map<string, string | true>();
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at === -1) attributes.set(part.toLowerCase(), true);
    else attributes.set(part.slice(0, at).toLowerCase(), part.slice(at + 1));
  }
  return { value, attributes };
}

/** Headers of a request from a signed-in browser; `csrf: false` leaves the CSRF token out, a string sends that one instead. */
export function browserHeaders(session: Pick<BrowserSession, 'secret' | 'csrfToken'>, csrf: boolean | string = true): Record<string, string> {
  const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${session.secret}` };
  if (csrf !== false) headers['x-csrf-token'] = csrf === true ? session.csrfToken : csrf;
  return headers;
}

/** Signs in with email and password; throws with the answer unless it is a 200 that sets the session cookie. */
export async function signIn(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}): Promise<BrowserSession> {
  const answer = await call(baseUrl, 'POST', '/api/auth/sign-in', { body: { email, password }, headers });
  const setCookie = sessionSetCookie(answer.headers);
  if (answer.status !== 200 || setCookie === null) throw new Error(`sign in as ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { secret: parseSetCookie(setCookie).value, csrfToken: answer.body.csrfToken, userId: answer.body.user.sId, sessionId: answer.body.sessionId, setCookie };
}

/** Signs in with a sign-in or password-reset link's token (and a new password), as the page behind the link does. */
export async function useLink(baseUrl: string, token: string, password?: string): Promise<BrowserSession> {
  const answer = await call(baseUrl, 'POST', '/api/auth/links/use', { body: password === undefined ? { token } : { token, password } });
  const setCookie = sessionSetCookie(answer.headers);
  if (answer.status !== 200 || setCookie === null) throw new Error(`use link: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { secret: parseSetCookie(setCookie).value, csrfToken: answer.body.csrfToken, userId: answer.body.user.sId, sessionId: answer.body.sessionId, setCookie };
}

/** The secret a link carries in its fragment (`…#token=…`), which the page posts back. */
export function linkToken(url: string): string {
  const token = new URL(url).hash.match(/token=([^&]+)/)?.[1];
  if (!token) throw new Error(`no #token= in ${url}`);
  return decodeURIComponent(token);
}

/**
 * Runs the built CLI against `dataDir` with `input` on its standard input (a password for
 * `--password-stdin`, kept off the command line), and answers the JSON line it prints.
 */
export function runCliWithInput<T = any>(dataDir: string, args: readonly string[], input: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/apps/api/src/cli.js', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`cli ${args.join(' ')} exited ${code}: ${stderr}${stdout}`));
      try {
        resolve(JSON.parse(stdout) as T);
      } catch {
        reject(new Error(`cli ${args.join(' ')} printed no JSON: ${stdout} ${stderr}`));
      }
    });
    child.stdin.end(input);
  });
}

/** A person's account, created by an operator with the CLI as a member of `workspaceId`, with a password. */
export interface Account {
  readonly email: string;
  readonly password: string;
}

/** Creates an account with the CLI (`user create … --password-stdin`), a member of `workspaceId` with `role`. */
export async function createAccount(dataDir: string, workspaceId: string, email: string, options: { role?: string; name?: string; password?: string } = {}): Promise<Account> {
  const password = options.password ?? `pw-${email}-correct horse`;
  await runCliWithInput(
    dataDir,
    ['user', 'create', '--email', email, '--name', options.name ?? email.split('@')[0]!, '--workspace', workspaceId, '--role', options.role ?? 'user', '--password-stdin'],
    `${password}\n`,
  );
  return { email, password };
}

/** A cookie or link secret of the right shape that the server never issued (what an attacker makes up). */
export function madeUpSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Creates a personal access token from a signed-in session, as the account page does. */
export async function createToken(baseUrl: string, session: Pick<BrowserSession, 'secret' | 'csrfToken'>, name: string): Promise<{ token: string; tokenId: string }> {
  const created = await call(baseUrl, 'POST', '/api/user/tokens', { headers: browserHeaders(session), body: { name } });
  if (created.status !== 200) throw new Error(`create token: ${created.status} ${JSON.stringify(created.body)}`);
  return { token: created.body.token, tokenId: created.body.tokenId };
}

/**
 * A member's cheapest read of a workspace, its spaces, with a session (private family) or a
 * personal access token (either family).
 */
export function readSpaces(baseUrl: string, workspaceId: string, credential: { session: BrowserSession } | { token: string }, family: 'private' | 'public' = 'private') {
  const path = family === 'private' ? `/api/w/${workspaceId}/spaces` : `/api/v1/w/${workspaceId}/spaces`;
  return 'session' in credential ? call(baseUrl, 'GET', path, { headers: browserHeaders(credential.session) }) : call(baseUrl, 'GET', path, { key: credential.token });
}

/** The answer's status and error type are these. */
export function expectError(answer: { status: number; body: any }, status: number, type: string): void {
  expect({ status: answer.status, type: answer.body?.error?.type }).toEqual({ status, type });
}

/** A conversation's creation body valid on both families. */
export const NEW_CONVERSATION = { title: 'Hello', message: { content: 'Hello', mentions: [], context: { username: 'tester', timezone: 'UTC' } } } as const;
