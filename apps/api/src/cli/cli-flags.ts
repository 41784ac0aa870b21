import { WORKSPACE_ROLES, type WorkspaceRole } from '@app/contracts/events/workspace.events';

/** A mistake in the command line: reported on stderr with the usage's exit code (2), never a stack. */
export class CliProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliProblem';
  }
}

/**
 * `--name value` and `--name=value` flags of a command line; a flag followed by another flag (or
 * by nothing) is a switch, with the empty value (`--password-stdin`). Other words are ignored.
 */
export function parseFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2);
    if (!key) continue;
    if (inline !== undefined) flags.set(key, inline);
    else {
      const next = args[i + 1];
      const isValue = next !== undefined && !next.startsWith('--');
      flags.set(key, isValue ? next : '');
      if (isValue) i += 1;
    }
  }
  return flags;
}

/** The value of a required flag, or a problem naming it. */
export function requiredFlag(flags: ReadonlyMap<string, string>, name: string): string {
  const value = flags.get(name)?.trim();
  if (!value) throw new CliProblem(`--${name} is required`);
  return value;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required flag holding an email address. */
export function emailFlag(flags: ReadonlyMap<string, string>, name: string): string {
  const value = requiredFlag(flags, name);
  if (!EMAIL.test(value) || value.length > 320) throw new CliProblem(`--${name} must be an email address`);
  return value;
}

/** A role flag (`fallback` when left out, required when there is none). */
export function roleFlag(flags: ReadonlyMap<string, string>, name: string, fallback: WorkspaceRole | null): WorkspaceRole {
  const value = flags.get(name) ?? fallback;
  const role = WORKSPACE_ROLES.find((known) => known === value);
  if (!role) throw new CliProblem(`--${name} must be one of ${WORKSPACE_ROLES.join(', ')}`);
  return role;
}
