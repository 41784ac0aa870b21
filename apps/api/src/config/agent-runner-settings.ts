import { parseIntegerVariable, type Environment } from '@app/storage';
import type { AgentRunnerOptions } from '../agent-runner';

/** Reads the agent runner's limits and timing; the defaults suit one api process on a small machine. */
export function parseAgentRunnerSettings(env: Environment, problems: string[]): AgentRunnerOptions {
  const leaseMs = parseIntegerVariable(env, 'AGENT_RUN_LEASE_MS', 30_000, { min: 3_000, max: 600_000 }, problems);
  return {
    leaseMs,
    // Three renewals per lease: one lost append does not let a live run's claim expire.
    leaseRenewMs: Math.round(leaseMs / 3),
    sweepIntervalMs: 5_000,
    runTimeoutMs: parseIntegerVariable(env, 'AGENT_RUN_TIMEOUT_MS', 15 * 60_000, { min: 1_000, max: 24 * 3_600_000 }, problems),
    // The floor stays above the AI SDK's retry backoff (2 s + 4 s), which is silence too.
    idleTimeoutMs: parseIntegerVariable(env, 'AGENT_IDLE_TIMEOUT_MS', 90_000, { min: 10_000, max: 3_600_000 }, problems),
    tokenFlushMs: parseIntegerVariable(env, 'AGENT_TOKEN_FLUSH_MS', 50, { min: 1, max: 10_000 }, problems),
    tokenFlushChars: parseIntegerVariable(env, 'AGENT_TOKEN_FLUSH_CHARS', 256, { min: 1, max: 1_000_000 }, problems),
    checkpointEveryMs: 1_000,
    shutdownGraceMs: 5_000,
    maxConcurrentRuns: parseIntegerVariable(env, 'AGENT_MAX_CONCURRENT_RUNS', 64, { min: 1, max: 10_000 }, problems),
    compactionContextShare: parseShare(env, 'COMPACTION_CONTEXT_SHARE', 0.8, problems),
    approvalTimeoutMs: parseIntegerVariable(env, 'TOOL_APPROVAL_TIMEOUT_MS', 10 * 60_000, { min: 100, max: 24 * 3_600_000 }, problems),
  };
}

/** A share in (0, 1], written as a decimal number ("0.8"). */
function parseShare(env: Environment, name: string, fallback: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d*\.?\d+(e-?\d+)?$/i.test(raw) || !(value > 0 && value <= 1)) {
    problems.push(`${name} must be a number greater than 0 and at most 1 (got "${raw}")`);
    return fallback;
  }
  return value;
}
