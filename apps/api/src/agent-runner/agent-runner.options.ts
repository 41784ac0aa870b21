/** Timing of the agent runner. Not environment settings: these are engineering constants. */
export interface AgentRunnerOptions {
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
}

/** The defaults. */
export const DEFAULT_AGENT_RUNNER_OPTIONS: AgentRunnerOptions = {
  leaseMs: 30_000,
  leaseRenewMs: 10_000,
  sweepIntervalMs: 5_000,
  runTimeoutMs: 15 * 60_000,
  idleTimeoutMs: 90_000,
  tokenFlushMs: 50,
  tokenFlushChars: 256,
  checkpointEveryMs: 1_000,
  shutdownGraceMs: 5_000,
  maxConcurrentRuns: 64,
};

/** Injection token of the options (tests may provide their own). */
export const AGENT_RUNNER_OPTIONS = Symbol('AGENT_RUNNER_OPTIONS');

/** Name of the runner's checkpoint in the read store. */
export const AGENT_RUNNER_CHECKPOINT = 'agent_runner';
