import { EVENT_STORE, type EventStore } from '@app/storage';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ApiConfig } from '../config/api-config';
import { CreateWorkspaceCommand } from './commands/create-workspace.command';

/**
 * On the very first start (an empty event log) creates a default workspace and prints its id and an
 * admin key once on stdout, outside the logs: the secret is never stored or logged anywhere else.
 */
export async function bootstrapDefaultWorkspace(app: INestApplication, config: ApiConfig): Promise<void> {
  const eventStore = app.get<EventStore>(EVENT_STORE);
  if ((await eventStore.headPosition()) > 0) return;
  const created = await app.get(CommandBus).execute(new CreateWorkspaceCommand('Default workspace', config.region));
  process.stdout.write(
    `${JSON.stringify({ defaultWorkspace: { workspaceId: created.workspaceId, apiKey: created.apiKey }, note: 'shown once; store the key now' })}\n`,
  );
}
