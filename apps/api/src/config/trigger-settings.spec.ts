import { parseTriggerSettings } from './trigger-settings';

describe('trigger settings', () => {
  it('runs the scheduler every 10 s by default, with no test clock', () => {
    const problems: string[] = [];
    expect(parseTriggerSettings({}, problems)).toEqual({ schedulerEnabled: true, schedulerIntervalMs: 10_000, testClockFile: null });
    expect(problems).toEqual([]);
  });

  it('refuses the test clock in production and an interval out of bounds', () => {
    const problems: string[] = [];
    parseTriggerSettings({ TEST_CLOCK_FILE: '/tmp/clock', NODE_ENV: 'production', TRIGGER_SCHEDULER_INTERVAL_MS: '5' }, problems);
    expect(problems).toEqual([expect.stringContaining('TEST_CLOCK_FILE'), expect.stringContaining('TRIGGER_SCHEDULER_INTERVAL_MS')]);
  });
});
