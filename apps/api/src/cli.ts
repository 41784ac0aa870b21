import { REGIONS, WORKSPACE_ROLES, type Region, type WorkspaceRole } from '@app/contracts/events/workspace.events';
import { DomainError } from '@app/domain/shared/domain-error';
import { ApiError } from './common/http/api-error';
import { ConfigurationError, openEventStore, openReadStore, parseStorageConfig, type EventStore } from '@app/storage';
import { DeciderExecutor } from './application/decider-executor';
import { waitForLiveProjector } from './cli/wait-for-projector';
import { CreateApiKeyCommand, CreateApiKeyHandler } from './workspaces/commands/create-api-key.command';
import { CreateWorkspaceCommand, CreateWorkspaceHandler } from './workspaces/commands/create-workspace.command';

const USAGE = `Usage:
  cli workspace create --name <name> [--region us-central1|europe-west1]
  cli key create --workspace <wId> --role admin|builder|user [--user <email>]`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Administration from the shell. Runs the workspace command handlers without the HTTP app (they need
 * only the decider executor) and writes straight to the event store, so it works whether or not the
 * server runs (SQLite allows a second writer process); prints exactly one JSON line.
 */
async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...rest] = argv;
  const flags = parseFlags(rest);
  const problems: string[] = [];
  const storage = parseStorageConfig(process.env, problems);
  if (problems.length > 0) throw new ConfigurationError(problems);

  if (noun === 'workspace' && verb === 'create') {
    const name = flags.get('name')?.trim();
    if (!name || name.length > 255) return fail('--name is required (at most 255 characters)');
    const region = (flags.get('region') ?? 'us-central1') as Region;
    if (!REGIONS.includes(region)) return fail(`--region must be one of ${REGIONS.join(', ')}`);
    return withStores(storage, async (eventStore, executor) => {
      const created = await new CreateWorkspaceHandler(executor, new CreateApiKeyHandler(executor)).execute(new CreateWorkspaceCommand(name, region));
      await waitForLiveProjector(openReadStore(storage), eventStore, created.position);
      return { workspaceId: created.workspaceId, apiKey: created.apiKey };
    });
  }
  if (noun === 'key' && verb === 'create') {
    const workspaceId = flags.get('workspace');
    const role = flags.get('role') as WorkspaceRole | undefined;
    const email = flags.get('user') ?? null;
    if (!workspaceId) return fail('--workspace is required');
    if (!role || !WORKSPACE_ROLES.includes(role)) return fail(`--role must be one of ${WORKSPACE_ROLES.join(', ')}`);
    if (email !== null && !EMAIL.test(email)) return fail('--user must be an email address');
    return withStores(storage, async (eventStore, executor) => {
      const created = await new CreateApiKeyHandler(executor).execute(new CreateApiKeyCommand(workspaceId, role, email));
      await waitForLiveProjector(openReadStore(storage), eventStore, created.position);
      return { apiKey: created.apiKey };
    });
  }
  return fail(USAGE);
}

async function withStores(
  storage: ReturnType<typeof parseStorageConfig>,
  work: (eventStore: EventStore, executor: DeciderExecutor) => Promise<object>,
): Promise<number> {
  const eventStore = openEventStore(storage);
  try {
    const output = await work(eventStore, new DeciderExecutor(eventStore));
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError || error instanceof ApiError) return fail(error.message);
    throw error;
  } finally {
    await eventStore.close();
  }
}

function parseFlags(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2);
    if (!key) continue;
    if (inline !== undefined) flags.set(key, inline);
    else {
      flags.set(key, args[i + 1] ?? '');
      i += 1;
    }
  }
  return flags;
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
