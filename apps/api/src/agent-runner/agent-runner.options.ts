/** Limits and timing of the agent runner, read from the api config (see config/agent-runner-settings.ts). */
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
  /** Share (0..1] of the model's context window a prompt may fill before the conversation is compacted first. */
  readonly compactionContextShare: number;
  /** How long a tool call waits for a person's approval before the run fails. */
  readonly approvalTimeoutMs: number;
}

/** Injection token of the options. */
export const AGENT_RUNNER_OPTIONS = Symbol('AGENT_RUNNER_OPTIONS');

/** Name of the runner's checkpoint in the read store. */
export const AGENT_RUNNER_CHECKPOINT = 'agent_runner';
