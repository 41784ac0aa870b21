import type { Environment } from '@app/storage';

/** How many requests a bucket allows: up to `limit` at once, given back at `limit` per `windowMs`. */
export interface RateBudget {
  readonly limit: number;
  readonly windowMs: number;
}

/** Routes with a budget of their own per workspace, on top of the key and workspace budgets. */
export const ROUTE_BUDGET_NAMES = ['document_upserts', 'table_writes', 'file_uploads'] as const;

/** The name of a route's own budget, also the `limit` label of its refusals. */
export type RouteBudgetName = (typeof ROUTE_BUDGET_NAMES)[number];

/** The request budgets of the api; a null budget is not enforced. */
export interface RateLimitSettings {
  /** Requests per API key. */
  readonly perKey: RateBudget | null;
  /** Requests per workspace, all its keys together. */
  readonly perWorkspace: RateBudget | null;
  /** Failed authentications per client address; past it, requests from there without a valid credential are refused. */
  readonly authFailuresPerAddress: RateBudget | null;
  /** The routes' own budgets, per workspace. */
  readonly routes: Readonly<Record<RouteBudgetName, RateBudget | null>>;
}

// A key may burst to 6,000 requests and then sustain 100/s, a workspace twice that: far above an
// integration's or a person's use, low enough that one runaway script (this service answers about
// 1,600 reads/s on two cores) cannot take the whole machine from every other tenant. The benches,
// which measure that ceiling, turn them off.
// Document upserts, table writes and file uploads keep the real product's budgets per workspace
// by default; an operator loading a large corpus raises them (or turns them off).
const DEFAULTS = {
  RATE_LIMIT_PER_KEY: '6000/1m',
  RATE_LIMIT_PER_WORKSPACE: '12000/1m',
  RATE_LIMIT_AUTH_FAILURES: '30/1m',
  RATE_LIMIT_DOCUMENT_UPSERTS: '120/1m',
  RATE_LIMIT_TABLE_WRITES: '120/1m',
  RATE_LIMIT_FILE_UPLOADS: '40/1m',
} as const;

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const BUDGET = /^(\d+)\/(\d*)(ms|s|m|h)$/;
const MAX_WINDOW_MS = 24 * 3_600_000;

/** Reads the request budgets (`<count>/<window>` such as `600/10s`, or `off`). */
export function parseRateLimitSettings(env: Environment, problems: string[]): RateLimitSettings {
  const read = (name: keyof typeof DEFAULTS): RateBudget | null => parseBudgetVariable(env, name, DEFAULTS[name], problems);
  return {
    perKey: read('RATE_LIMIT_PER_KEY'),
    perWorkspace: read('RATE_LIMIT_PER_WORKSPACE'),
    authFailuresPerAddress: read('RATE_LIMIT_AUTH_FAILURES'),
    routes: {
      document_upserts: read('RATE_LIMIT_DOCUMENT_UPSERTS'),
      table_writes: read('RATE_LIMIT_TABLE_WRITES'),
      file_uploads: read('RATE_LIMIT_FILE_UPLOADS'),
    },
  };
}

function parseBudgetVariable(env: Environment, name: string, fallback: string, problems: string[]): RateBudget | null {
  const raw = env[name]?.trim() || fallback;
  if (raw.toLowerCase() === 'off') return null;
  const budget = parseBudget(raw);
  if (budget) return budget;
  problems.push(`${name} must be "<count>/<window>" such as 600/10s or 30/1m (units ms, s, m, h; window up to 24h), or "off" (got "${raw}")`);
  return parseBudget(fallback);
}

function parseBudget(text: string): RateBudget | null {
  const match = BUDGET.exec(text);
  if (!match) return null;
  const [, count, amount, unit] = match;
  const limit = Number(count);
  const windowMs = Number(amount || '1') * (UNIT_MS[unit] ?? Number.NaN);
  if (!Number.isSafeInteger(limit) || limit < 1 || !(windowMs >= 1 && windowMs <= MAX_WINDOW_MS)) return null;
  return { limit, windowMs };
}
