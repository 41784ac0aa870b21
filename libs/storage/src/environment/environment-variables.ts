// Reading environment variables, shared by every process's config: each parser records a problem
// naming its variable instead of throwing, so that boot can list every bad variable at once.

/** The process environment, or any map of variable names to values. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Reads an optional integer variable within bounds, recording a problem naming it when invalid. */
export function parseIntegerVariable(
  env: Environment,
  name: string,
  fallback: number,
  bounds: { min: number; max: number },
  problems: string[],
): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    problems.push(`${name} must be an integer between ${bounds.min} and ${bounds.max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** Reads an optional boolean variable ("true"/"false"/"1"/"0"). */
export function parseBooleanVariable(env: Environment, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

/** Thrown at boot with every configuration problem, each naming its variable. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** The variable's value without surrounding blanks, or undefined when unset or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
