import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@app/contracts/http/auth.dto';
import { fullNameOf } from '@app/contracts/read-models/user.read-models';
import { emailHashOf } from '../auth/credentials/credential-secrets';
import { hashPassword } from '../auth/credentials/password-hasher';
import { Accounts, normalizeEmail } from '../people/accounts';
import {
  AddMemberCommand,
  AddMemberHandler,
  ChangeMemberRoleCommand,
  ChangeMemberRoleHandler,
  memberIdentityOf,
  RemoveMemberCommand,
  RemoveMemberHandler,
} from '../people/commands/member.commands';
import { MemberViews } from '../people/members/member-views';
import { ListWorkspaceMembersHandler, ListWorkspaceMembersQuery } from '../people/members/queries/member.queries';
import { ListAccountsHandler, ListAccountsQuery } from '../people/queries/list-accounts.query';
import { SignInLinks } from '../people/sign-in-links';
import { UserTokens } from '../people/user-tokens';
import { CliProblem, emailFlag, requiredFlag, roleFlag } from './cli-flags';
import { readingModels, type CliCommand, type CliStores } from './cli-stores';
import { waitForLiveProjector } from './wait-for-projector';

/** The actor the CLI's events record. */
const BY = 'cli';
const MAX_TOKEN_DAYS = 3650;
const DURATION_UNIT_MS = { h: 3_600_000, d: 86_400_000 } as const;

/**
 * People from the shell: accounts, memberships, sign-in links and personal access tokens. A
 * password is read from stdin (`--password-stdin`), never from an argument (which `ps` and shell
 * histories show); without one, the account gets a one-time sign-in link where its owner sets one.
 */
export const PEOPLE_COMMANDS: ReadonlyArray<readonly [string, CliCommand]> = [
  [
    'user create',
    async (flags, stores) => {
      const email = normalizeEmail(emailFlag(flags, 'email'));
      const name = requiredFlag(flags, 'name');
      if (name.length > 255) throw new CliProblem('--name is at most 255 characters');
      const workspaceId = flags.get('workspace')?.trim() || null;
      if (workspaceId === null && flags.has('role')) throw new CliProblem('--role goes with --workspace');
      const role = roleFlag(flags, 'role', 'user');
      if (workspaceId !== null) await requireWorkspace(stores, workspaceId);
      const password = flags.has('password-stdin') ? await passwordFromStdin() : null;
      const [firstName = name, ...more] = name.split(/\s+/);
      const lastName = more.join(' ') || null;
      const passwordHash = password === null ? null : await hashPassword(password);
      const account = await accountsOf(stores).create({ email, firstName, lastName, image: null, provider: 'email', emailVerified: false, passwordHash }, BY);
      if (!account.created) throw new CliProblem(`An account with the address ${email} exists already (see: user list; user password-link --email ${email} lets its owner set a new password)`);
      const { userId } = account;
      const fullName = fullNameOf(firstName, lastName);
      const positions = [account.position];
      if (workspaceId !== null) {
        positions.push((await stores.workspaces.run(workspaceId, { type: 'AddMember', member: memberIdentityOf({ sId: userId, email, fullName }), role }, BY)).position);
      }
      const link = password === null ? await new SignInLinks(stores.users, stores.config).issue(userId, 'sign_in', BY) : null;
      await waitForWrites(stores, [...positions, link?.position ?? null]);
      const workspaces = workspaceId === null ? [] : [{ workspaceId, role }];
      return { userId, email, fullName, workspaces, ...(link ? { signInLink: link.url, signInLinkExpiresAt: new Date(link.expiresAt).toISOString() } : {}) };
    },
  ],
  ['user list', async (_flags, stores) => readingModels(stores, async () => ({ users: await new ListAccountsHandler(stores.readModels).execute(new ListAccountsQuery()) }))],
  [
    'user password-link',
    async (flags, stores) => {
      const email = normalizeEmail(emailFlag(flags, 'email'));
      const userId = await accountIdOf(stores, email);
      if (userId === null) throw new CliProblem(`No account has the address ${email} (see: user list)`);
      const link = await new SignInLinks(stores.users, stores.config).issue(userId, 'password_reset', BY);
      await waitForWrites(stores, [link.position]);
      return { userId, email, passwordLink: link.url, expiresAt: new Date(link.expiresAt).toISOString() };
    },
  ],
  [
    'member add',
    async (flags, stores) => {
      const workspaceId = requiredFlag(flags, 'workspace');
      const email = normalizeEmail(emailFlag(flags, 'email'));
      const role = roleFlag(flags, 'role', 'user');
      // The account is looked up in the read models: a notice says when they may not show it yet.
      const handler = new AddMemberHandler(accountsOf(stores), stores.workspaces);
      const change = await readingModels(stores, () => handler.execute(new AddMemberCommand(workspaceId, email, role, BY)));
      if (!change.changed) throw new CliProblem(`${email} is a member of ${workspaceId} already (see: member list; member set-role changes a role)`);
      await waitForWrites(stores, [change.position]);
      return { workspaceId, userId: change.userId, email, role };
    },
  ],
  [
    'member list',
    async (flags, stores) => {
      // As GET /api/w/{wId}/members answers them.
      const workspaceId = requiredFlag(flags, 'workspace');
      await requireWorkspace(stores, workspaceId);
      const handler = new ListWorkspaceMembersHandler(new MemberViews(stores.readModels));
      return readingModels(stores, () => handler.execute(new ListWorkspaceMembersQuery(workspaceId)));
    },
  ],
  [
    'member set-role',
    async (flags, stores) => {
      const workspaceId = requiredFlag(flags, 'workspace');
      const email = normalizeEmail(emailFlag(flags, 'email'));
      const role = roleFlag(flags, 'role', null);
      const change = await new ChangeMemberRoleHandler(stores.workspaces).execute(new ChangeMemberRoleCommand(workspaceId, { email }, role, BY));
      await waitForWrites(stores, [change.position]);
      return { workspaceId, userId: change.userId, email, role };
    },
  ],
  [
    'member remove',
    async (flags, stores) => {
      const workspaceId = requiredFlag(flags, 'workspace');
      const email = normalizeEmail(emailFlag(flags, 'email'));
      const change = await new RemoveMemberHandler(stores.workspaces).execute(new RemoveMemberCommand(workspaceId, { email }, BY));
      await waitForWrites(stores, [change.position]);
      return { workspaceId, removed: change.userId, email };
    },
  ],
  [
    'token create',
    async (flags, stores) => {
      const workspaceId = requiredFlag(flags, 'workspace');
      const email = normalizeEmail(emailFlag(flags, 'user'));
      const name = flags.get('name')?.trim() || 'CLI';
      if (name.length > 100) throw new CliProblem('--name is at most 100 characters');
      const expiresIn = flags.has('expires-in') ? durationMs(requiredFlag(flags, 'expires-in')) : null;
      const workspace = await requireWorkspace(stores, workspaceId);
      const userId = workspace.membersByEmail.get(email);
      if (userId === undefined) throw new CliProblem(`${email} is not a member of ${workspaceId} (see: member list --workspace ${workspaceId})`);
      if ((await stores.users.read(userId)).status === 'absent') {
        throw new CliProblem(`${email} is a member without an account (made for an API key): create it first with user create --email ${email} --name …`);
      }
      const created = await new UserTokens(stores.users, stores.readModels).create(userId, name, expiresIn === null ? null : Date.now() + expiresIn, BY);
      await waitForWrites(stores, [created.position]);
      const expiresAt = created.expiresAt === null ? null : new Date(created.expiresAt).toISOString();
      return { token: created.token, tokenId: created.tokenId, name, userId, expiresAt };
    },
  ],
];

function accountsOf(stores: CliStores): Accounts {
  return new Accounts(stores.users, stores.emails, stores.readModels);
}

/** The workspace's state as its log holds it (the CLI may run with no projector). */
async function requireWorkspace(stores: CliStores, workspaceId: string) {
  const state = await stores.workspaces.read(workspaceId);
  if (state.status === 'absent') throw new CliProblem(`No workspace ${workspaceId} (see: workspace list)`);
  return state;
}

/** The account holding an address, read from the log: the address's claim, then the account it names. */
async function accountIdOf(stores: CliStores, email: string): Promise<string | null> {
  const { userId } = await stores.emails.read(emailHashOf(email));
  if (userId === null) return null;
  return (await stores.users.read(userId)).status === 'active' ? userId : null;
}

async function waitForWrites(stores: CliStores, positions: ReadonlyArray<number | null>): Promise<void> {
  const last = Math.max(0, ...positions.filter((position) => position !== null));
  if (last > 0) await waitForLiveProjector(stores.readStore, stores.eventStore, last);
}

/** `12h`, `30d`: a token's lifetime, in milliseconds. */
function durationMs(text: string): number {
  const match = /^(\d{1,5})([hd])$/.exec(text);
  const unit = match?.[2];
  const ms = match && (unit === 'h' || unit === 'd') ? Number(match[1]) * DURATION_UNIT_MS[unit] : 0;
  if (ms <= 0 || ms > MAX_TOKEN_DAYS * DURATION_UNIT_MS.d) throw new CliProblem(`--expires-in is a number of hours or days, such as 12h or 30d (at most ${MAX_TOKEN_DAYS}d)`);
  return ms;
}

/** The password piped to the CLI, without the line break `echo` adds. Refused from a terminal, which would echo it. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new CliProblem('--password-stdin reads the password from a pipe: printf %s "$PASSWORD" | npm run --silent cli -- user create … --password-stdin');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_PASSWORD_LENGTH * 4 + 2) throw new CliProblem(`The password is at most ${MAX_PASSWORD_LENGTH} characters`);
    chunks.push(buffer);
  }
  const password = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (password.length < MIN_PASSWORD_LENGTH) throw new CliProblem(`The password must be at least ${MIN_PASSWORD_LENGTH} characters (read from stdin)`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new CliProblem(`The password is at most ${MAX_PASSWORD_LENGTH} characters`);
  return password;
}
