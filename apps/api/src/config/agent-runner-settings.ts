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
    approvalTimeoutMs: parseIntegerVariable(env, 'TOOL_APPROVAL_TIMEOUT_MS', 10 * 60_000, { min: 100, max: 24 * 3_600_000 }, problems),
  };
}
