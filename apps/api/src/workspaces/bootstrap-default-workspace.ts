import { EVENT_STORE, type EventStore } from '@app/storage';
import type { INestApplication } from '@nestjs/common';
import { CommandExecutor } from '../application/command-executor';
import type { ApiConfig } from '../config/api-config';
import { createWorkspace } from './workspace-admin';

/**
 * On the very first start (an empty event log) creates a default workspace and prints its id and an
 * admin key once on stdout, outside the logs: the secret is never stored or logged anywhere else.
 */
export async function bootstrapDefaultWorkspace(app: INestApplication, config: ApiConfig): Promise<void> {
  const eventStore = app.get<EventStore>(EVENT_STORE);
  if ((await eventStore.headPosition()) > 0) return;
  const created = await createWorkspace(app.get(CommandExecutor), { name: 'Default workspace', region: config.region, now: Date.now() });
  process.stdout.write(
    `${JSON.stringify({ defaultWorkspace: { workspaceId: created.workspaceId, apiKey: created.apiKey }, note: 'shown once; store the key now' })}\n`,
  );
}
