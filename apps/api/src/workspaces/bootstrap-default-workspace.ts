import { EVENT_STORE, type EventStore } from '@app/storage';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { Accounts } from '../people/accounts';
import { AddMemberCommand } from '../people/commands/member.commands';
import { SignInLinks } from '../people/sign-in-links';
import { CreateWorkspaceCommand } from './commands/create-workspace.command';
import { firstStartBanner, firstStartUrl, type FirstAdmin } from './first-start-banner';

/**
 * On the very first start (an empty event log) creates a default workspace and prints its id and an
 * admin key once, outside the logs: a JSON line on stdout for scripts and a banner on stderr for
 * people. With ADMIN_EMAIL, the first admin account too, and its one-time sign-in link (which sets
 * its password: no password is ever chosen, printed or logged here). The secrets are never stored
 * or logged anywhere else. Printed once the key and the link work.
 */
export async function bootstrapDefaultWorkspace(app: INestApplication, config: ApiConfig): Promise<void> {
  const eventStore = app.get<EventStore>(EVENT_STORE);
  if ((await eventStore.headPosition()) > 0) return;
  const created = await app.get(CommandBus).execute(new CreateWorkspaceCommand('Default workspace', config.region));
  await app.get(ReadModels).waitFor(created.position);
  const { adminEmail } = config.people;
  const firstAdmin = adminEmail === null ? null : await createFirstAdmin(app, config, created.workspaceId, adminEmail);
  const admin = firstAdmin ? { firstAdmin: { email: firstAdmin.email, signInLink: firstAdmin.signInLink } } : {};
  process.stdout.write(
    `${JSON.stringify({ defaultWorkspace: { workspaceId: created.workspaceId, apiKey: created.apiKey }, ...admin, note: 'shown once; store the key now' })}\n`,
  );
  const address: unknown = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null && 'port' in address && typeof address.port === 'number' ? address.port : config.port;
  const url = firstStartUrl(config.publicUrl, config.publicUrlConfigured, port);
  process.stderr.write(`${firstStartBanner({ url, workspaceId: created.workspaceId, apiKey: created.apiKey, firstAdmin })}\n`);
}

/** The account of ADMIN_EMAIL, an admin of the default workspace, with a sign-in link that sets its password. */
async function createFirstAdmin(app: INestApplication, config: ApiConfig, workspaceId: string, email: string): Promise<FirstAdmin> {
  const readModels = app.get(ReadModels);
  const firstName = email.split('@')[0] ?? email;
  const account = await app.get(Accounts).create({ email, firstName, lastName: null, image: null, provider: 'email', emailVerified: false, passwordHash: null }, 'system');
  if (account.position !== null) await readModels.waitFor(account.position);
  const added = await app.get(CommandBus).execute(new AddMemberCommand(workspaceId, email, 'admin', 'system'));
  const link = await app.get(SignInLinks).issue(account.userId, 'sign_in', 'system');
  await readModels.waitFor(Math.max(added.position ?? 0, link.position ?? 0));
  return { email, signInLink: link.url, linkTtlMinutes: Math.round(config.people.signInLinkTtlMs / 60_000) };
}
