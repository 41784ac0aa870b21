import { parseBooleanVariable, parseIntegerVariable, type Environment } from '@app/storage';

/** The trigger scheduler, and the test-only clock it may read. */
export interface TriggerSettings {
  /** Whether this process claims and fires due schedule triggers (any number of replicas may). */
  readonly schedulerEnabled: boolean;
  /** How often due schedules are looked for; an instant fires at most this late. */
  readonly schedulerIntervalMs: number;
  /** Tests only (refused with NODE_ENV=production): a file holding the epoch milliseconds the scheduler reads as now. */
  readonly testClockFile: string | null;
}

export function parseTriggerSettings(env: Environment, problems: string[]): TriggerSettings {
  const testClockFile = env.TEST_CLOCK_FILE?.trim() || null;
  if (testClockFile !== null && env.NODE_ENV === 'production') problems.push('TEST_CLOCK_FILE is for tests only and cannot be set with NODE_ENV=production');
  return {
    schedulerEnabled: parseBooleanVariable(env, 'TRIGGER_SCHEDULER_ENABLED', true, problems),
    schedulerIntervalMs: parseIntegerVariable(env, 'TRIGGER_SCHEDULER_INTERVAL_MS', 10_000, { min: 20, max: 600_000 }, problems),
    testClockFile,
  };
}
