import { readFile } from 'node:fs/promises';
import { verifyAuditChain, type AuditChainVerdict } from '../audit/audit-chain';
import { CliProblem } from './cli-flags';

/** A command that needs no store: the words after `noun verb` in, the verdict to print and the exit code out. */
export type OfflineCliCommand = (args: readonly string[]) => Promise<{ readonly output: object; readonly exitCode: number }>;

/** Exit code of an export whose chain is broken (1; 2 stays a mistake in the command line). */
const BROKEN_CHAIN = 1;

/**
 * `audit verify FILE`: checks an audit export's hash chain offline (no server, no stores) and
 * prints `{"valid":true,…}`, or `{"valid":false,"line":N,"reason":…}` for the first bad line with
 * exit code 1.
 */
export const OFFLINE_CLI_COMMANDS: ReadonlyMap<string, OfflineCliCommand> = new Map<string, OfflineCliCommand>([
  [
    'audit verify',
    async (args) => {
      const path = args.find((arg) => !arg.startsWith('--'));
      if (path === undefined) throw new CliProblem('audit verify needs the path of an export: audit verify FILE');
      const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new CliProblem(`Cannot read ${path}: ${error.code ?? error.message}`);
      });
      const verdict: AuditChainVerdict = verifyAuditChain(text);
      return { output: verdict, exitCode: verdict.valid ? 0 : BROKEN_CHAIN };
    },
  ],
]);
