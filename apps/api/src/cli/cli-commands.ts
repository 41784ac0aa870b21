import { REGIONS, WORKSPACE_ROLES, type Region, type WorkspaceRole } from '@app/contracts/events/workspace.events';
import { CreateApiKeyCommand, CreateApiKeyHandler } from '../workspaces/commands/create-api-key.command';
import { CreateWorkspaceCommand, CreateWorkspaceHandler } from '../workspaces/commands/create-workspace.command';
import { RevokeApiKeyCommand, RevokeApiKeyHandler } from '../workspaces/commands/revoke-api-key.command';
import { ListApiKeysHandler, ListApiKeysQuery } from '../workspaces/queries/list-api-keys.query';
import { ListWorkspacesHandler, ListWorkspacesQuery } from '../workspaces/queries/list-workspaces.query';
import { SEARCH_INDEX_CHECKPOINT } from '../search/indexing/search-index-follower';
import { CliProblem, EMAIL, requiredFlag } from './cli-flags';
import { readingModels, type CliCommand } from './cli-stores';
import { PEOPLE_COMMANDS } from './people-commands';
import { waitForLiveProjector } from './wait-for-projector';

/**
 * The administration commands by `noun verb`. Each runs the same command or query handler the
 * server runs, without the HTTP app. Writes wait for a running projector, so what they print is
 * true on a running server at once (a new key authenticates, a revoked one is refused).
 */
export const CLI_COMMANDS: ReadonlyMap<string, CliCommand> = new Map<string, CliCommand>([
  [
    'workspace create',
    async (flags, { eventStore, readStore, workspaces }) => {
      const name = flags.get('name')?.trim();
      if (!name || name.length > 255) throw new CliProblem('--name is required (at most 255 characters)');
      const region = (flags.get('region') ?? 'us-central1') as Region;
      if (!REGIONS.includes(region)) throw new CliProblem(`--region must be one of ${REGIONS.join(', ')}`);
      const created = await new CreateWorkspaceHandler(workspaces, new CreateApiKeyHandler(workspaces)).execute(new CreateWorkspaceCommand(name, region));
      await waitForLiveProjector(readStore, eventStore, created.position);
      return { workspaceId: created.workspaceId, apiKey: created.apiKey };
    },
  ],
  [
    'workspace list',
    async (_flags, stores) =>
      readingModels(stores, async () => ({ workspaces: await new ListWorkspacesHandler(stores.readModels).execute(new ListWorkspacesQuery()) })),
  ],
  [
    'key create',
    async (flags, { eventStore, readStore, workspaces }) => {
      const workspaceId = requiredFlag(flags, 'workspace');
      const role = flags.get('role') as WorkspaceRole | undefined;
      const email = flags.get('user') ?? null;
      if (!role || !WORKSPACE_ROLES.includes(role)) throw new CliProblem(`--role must be one of ${WORKSPACE_ROLES.join(', ')}`);
      if (email !== null && !EMAIL.test(email)) throw new CliProblem('--user must be an email address');
      const created = await new CreateApiKeyHandler(workspaces).execute(new CreateApiKeyCommand(workspaceId, role, email));
      await waitForLiveProjector(readStore, eventStore, created.position);
      return { apiKey: created.apiKey };
    },
  ],
  [
    'key list',
    async (flags, stores) => {
      const query = new ListApiKeysQuery(requiredFlag(flags, 'workspace'));
      return readingModels(stores, async () => ({ keys: await new ListApiKeysHandler(stores.readModels, stores.keyUsage).execute(query) }));
    },
  ],
  [
    'key revoke',
    async (flags, { eventStore, readStore, workspaces }) => {
      const workspaceId = requiredFlag(flags, 'workspace');
      const keyId = requiredFlag(flags, 'key');
      const outcome = await new RevokeApiKeyHandler(workspaces).execute(new RevokeApiKeyCommand(workspaceId, keyId));
      if (!outcome.revoked) throw new CliProblem(`No live key ${keyId} in workspace ${workspaceId} (see: key list --workspace ${workspaceId})`);
      if (outcome.position !== null) await waitForLiveProjector(readStore, eventStore, outcome.position);
      return { revoked: keyId };
    },
  ],
  [
    'search reindex',
    // The api re-reads the whole log into the search index at its next start (stored vectors are reused).
    async (_flags, { readStore }) => {
      const previous = await readStore.getCheckpoint(SEARCH_INDEX_CHECKPOINT);
      await readStore.commit({ puts: [], deletes: [], checkpoint: { name: SEARCH_INDEX_CHECKPOINT, position: 0 } });
      return { searchIndexCheckpoint: 0, previous };
    },
  ],
  ...PEOPLE_COMMANDS,
]);
