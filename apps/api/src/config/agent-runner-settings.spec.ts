import { parseAgentRunnerSettings } from './agent-runner-settings';

describe('parseAgentRunnerSettings', () => {
  it('keeps the engineering defaults when nothing is set', () => {
    const problems: string[] = [];
    expect(parseAgentRunnerSettings({}, problems)).toEqual({
      leaseMs: 30_000,
      leaseRenewMs: 10_000,
      sweepIntervalMs: 5_000,
      runTimeoutMs: 900_000,
      idleTimeoutMs: 90_000,
      tokenFlushMs: 50,
      tokenFlushChars: 256,
      checkpointEveryMs: 1_000,
      shutdownGraceMs: 5_000,
      maxConcurrentRuns: 64,
      compactionContextShare: 0.8,
      approvalTimeoutMs: 600_000,
    });
    expect(problems).toEqual([]);
  });

  it('reads the limits from the environment, renewing a lease three times per lease', () => {
    const problems: string[] = [];
    const options = parseAgentRunnerSettings(
      {
        AGENT_MAX_CONCURRENT_RUNS: '4',
        AGENT_RUN_LEASE_MS: '6000',
        AGENT_RUN_TIMEOUT_MS: '60000',
        AGENT_IDLE_TIMEOUT_MS: '20000',
        AGENT_TOKEN_FLUSH_MS: '100',
        AGENT_TOKEN_FLUSH_CHARS: '512',
      },
      problems,
    );
    expect(options).toMatchObject({
      maxConcurrentRuns: 4,
      leaseMs: 6_000,
      leaseRenewMs: 2_000,
      runTimeoutMs: 60_000,
      idleTimeoutMs: 20_000,
      tokenFlushMs: 100,
      tokenFlushChars: 512,
    });
    expect(problems).toEqual([]);
  });

  it('names every variable out of bounds', () => {
    const problems: string[] = [];
    parseAgentRunnerSettings({ AGENT_MAX_CONCURRENT_RUNS: '0', AGENT_IDLE_TIMEOUT_MS: '5000' }, problems);
    expect(problems).toEqual([
      'AGENT_IDLE_TIMEOUT_MS must be an integer between 10000 and 3600000 (got "5000")',
      'AGENT_MAX_CONCURRENT_RUNS must be an integer between 1 and 10000 (got "0")',
    ]);
  });

  it('reads the compaction share as a decimal in (0, 1] and names a bad one', () => {
    const problems: string[] = [];
    expect(parseAgentRunnerSettings({ COMPACTION_CONTEXT_SHARE: '0.0005' }, problems).compactionContextShare).toBe(0.0005);
    parseAgentRunnerSettings({ COMPACTION_CONTEXT_SHARE: '1.5' }, problems);
    parseAgentRunnerSettings({ COMPACTION_CONTEXT_SHARE: 'half' }, problems);
    expect(problems).toEqual([
      'COMPACTION_CONTEXT_SHARE must be a number greater than 0 and at most 1 (got "1.5")',
      'COMPACTION_CONTEXT_SHARE must be a number greater than 0 and at most 1 (got "half")',
    ]);
  });
});
