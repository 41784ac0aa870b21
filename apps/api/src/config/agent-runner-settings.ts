import { parseIntegerVariable, type Environment } from '@app/storage';

/** Limits and timing of the agent runner. */
export interface AgentRunnerSettings {
  /** How long a claim holds without news from its runner. */
  readonly leaseMs: number;
  /** How often a running run extends its lease (well under `leaseMs`). */
  readonly leaseRenewMs: number;
  /** How often the runner looks for unclaimed messages and expired leases. */
  readonly sweepIntervalMs: number;
  /** Limit for a whole run, tool calls included. */
  readonly runTimeoutMs: number;
  /** Limit for a silent model (above the SDK's 2 s + 4 s retry backoff). */
  readonly idleTimeoutMs: number;
  /** Token coalescing: longest wait, and pending size that forces a write. */
  readonly tokenFlushMs: number;
  readonly tokenFlushChars: number;
  /** Least time between two checkpoint writes. */
  readonly checkpointEveryMs: number;
  /** How long shutdown waits for running runs to record that they were interrupted. */
  readonly shutdownGraceMs: number;
  /** Runs one process answers at once; the rest wait unclaimed for a free slot (or another replica). */
  readonly maxConcurrentRuns: number;
  /** Share (0..1] of the model's context window a prompt may fill before the conversation is compacted first. */
  readonly compactionContextShare: number;
  /** How long a tool call waits for a person's approval before the run fails. */
  readonly approvalTimeoutMs: number;
}

/** Reads the agent runner's limits and timing; the defaults suit one api process on a small machine. */
export function parseAgentRunnerSettings(env: Environment, problems: string[]): AgentRunnerSettings {
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
