import { DomainError } from '@app/domain/shared/domain-error';
import { ProjectionProgress } from '@app/projections';
import { openEventStore, openReadStore } from '@app/storage';
import { UserAggregateWriter, UserEmailAggregateWriter, WorkspaceAggregateWriter } from './event-sourcing/writing/aggregate-writers';
import { DeciderExecutor } from './event-sourcing/writing/decider-executor';
import { ApiKeyUsage } from './auth/api-key-usage';
import { OFFLINE_CLI_COMMANDS } from './cli/audit-commands';
import { CLI_COMMANDS } from './cli/cli-commands';
import type { CliStores } from './cli/cli-stores';
import { CliProblem, parseFlags } from './cli/cli-flags';
import { ApiError } from './common/http/api-error';
import { loadApiConfig, type ApiConfig } from './config/api-config';
import { ReadModels } from './event-sourcing/reading/read-models';
import { createLogger } from './common/logger';

const USAGE = `Usage: npm run cli -- <command>   (or: node dist/apps/api/src/cli.js <command>)
  workspace create --name <name> [--region us-central1|europe-west1]
  workspace list
  key create --workspace <wId> --role admin|builder|user [--user <email>]
  key list --workspace <wId>
  key revoke --workspace <wId> --key <keyId>
  search reindex   (then restart the api: it rebuilds the search index from the log)
  user create --email <email> --name <name> [--workspace <wId> [--role admin|builder|user]] [--password-stdin]
  user list
  user password-link --email <email>
  member add --workspace <wId> --email <email> [--role admin|builder|user]
  member list --workspace <wId>
  member set-role --workspace <wId> --email <email> --role admin|builder|user
  member remove --workspace <wId> --email <email>
  token create --workspace <wId> --user <email> [--name <name>] [--expires-in 12h|30d]
  audit verify <file>   (checks an audit export's hash chain offline; exit code 1 names the first bad line)
A password is read from stdin (--password-stdin), never from an argument; without one, user create
prints a one-time sign-in link where the person sets theirs.
Each command prints one JSON line on stdout. Mistakes go to stderr with exit code 2.`;

/**
 * Administration from the shell, with the server's configuration (same variables). Runs the
 * workspace and people command and query handlers without the HTTP app and writes straight to the stores,
 * so it works whether or not the server runs (SQLite allows a second writer process).
 */
async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...rest] = argv;
  if (noun === 'help' || noun === '--help' || noun === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const offline = OFFLINE_CLI_COMMANDS.get(`${noun} ${verb}`);
  if (offline) {
    try {
      const { output, exitCode } = await offline(rest);
      process.stdout.write(`${JSON.stringify(output)}\n`);
      return exitCode;
    } catch (error) {
      if (error instanceof CliProblem) return fail(error.message);
      throw error;
    }
  }
  const command = CLI_COMMANDS.get(`${noun} ${verb}`);
  if (!command) return fail(USAGE);
  const config = loadApiConfig(process.env);
  try {
    const output = await withStores(config, (stores) => command(parseFlags(rest), stores));
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliProblem || error instanceof DomainError || error instanceof ApiError) return fail(error.message);
    throw error;
  }
}

async function withStores<T>(config: ApiConfig, work: (stores: CliStores) => Promise<T>): Promise<T> {
  const eventStore = openEventStore(config.storage);
  const readStore = openReadStore(config.storage);
  try {
    const readModels = new ReadModels(readStore, config, new ProjectionProgress());
    // The CLI only reads key usage; the silent logger is never written to.
    const keyUsage = new ApiKeyUsage(readStore, createLogger('silent'));
    const executor = new DeciderExecutor(eventStore);
    const writers = { workspaces: new WorkspaceAggregateWriter(executor), users: new UserAggregateWriter(executor), emails: new UserEmailAggregateWriter(executor) };
    return await work({ config, eventStore, readStore, ...writers, readModels, keyUsage });
  } finally {
    await eventStore.close();
    await readStore.close();
  }
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A ConfigurationError's message lists every bad variable; anything else is unexpected.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
