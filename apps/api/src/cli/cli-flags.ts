/** A mistake in the command line: reported on stderr with the usage's exit code (2), never a stack. */
export class CliProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliProblem';
  }
}

/** `--name value` and `--name=value` flags of a command line; other words are ignored. */
export function parseFlags(args: readonly string[]): Map<string, string> {
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

/** The value of a required flag, or a problem naming it. */
export function requiredFlag(flags: ReadonlyMap<string, string>, name: string): string {
  const value = flags.get(name)?.trim();
  if (!value) throw new CliProblem(`--${name} is required`);
  return value;
}
