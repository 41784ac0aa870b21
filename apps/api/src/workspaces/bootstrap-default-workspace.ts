import { EVENT_STORE, type EventStore } from '@app/storage';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { CreateWorkspaceCommand } from './commands/create-workspace.command';
import { firstStartBanner, firstStartUrl } from './first-start-banner';

/**
 * On the very first start (an empty event log) creates a default workspace and prints its id and an
 * admin key once, outside the logs: a JSON line on stdout for scripts and a banner on stderr for
 * people. The secret is never stored or logged anywhere else. Printed once the key authenticates.
 */
export async function bootstrapDefaultWorkspace(app: INestApplication, config: ApiConfig): Promise<void> {
  const eventStore = app.get<EventStore>(EVENT_STORE);
  if ((await eventStore.headPosition()) > 0) return;
  const created = await app.get(CommandBus).execute(new CreateWorkspaceCommand('Default workspace', config.region));
  await app.get(ReadModels).waitFor(created.position);
  process.stdout.write(
    `${JSON.stringify({ defaultWorkspace: { workspaceId: created.workspaceId, apiKey: created.apiKey }, note: 'shown once; store the key now' })}\n`,
  );
  const address: unknown = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null && 'port' in address && typeof address.port === 'number' ? address.port : config.port;
  const url = firstStartUrl(config.publicUrl, config.publicUrlConfigured, port);
  process.stderr.write(`${firstStartBanner({ url, workspaceId: created.workspaceId, apiKey: created.apiKey })}\n`);
}
