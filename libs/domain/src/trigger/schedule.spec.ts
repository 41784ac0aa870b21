import type { ScheduleConfig } from '@app/contracts/events/trigger.events';
import { latestDueAt, nextDueAt } from './schedule';

const paris = (cron: string): ScheduleConfig => ({ type: 'cron', cron, timezone: 'Europe/Paris' });
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

describe('schedule due instants', () => {
  it('reads a cron in its time zone across the spring change (Europe/Paris, 2026-03-29)', () => {
    // 09:00 in Paris is 08:00 UTC the day before the change (CET) and 07:00 UTC on it (CEST).
    expect(iso(nextDueAt(paris('0 9 * * *'), Date.UTC(2026, 2, 28, 0, 0)))).toBe('2026-03-28T08:00:00.000Z');
    expect(iso(nextDueAt(paris('0 9 * * *'), Date.UTC(2026, 2, 28, 9, 0)))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(latestDueAt(paris('0 9 * * *'), Date.UTC(2026, 2, 29, 12, 0)))).toBe('2026-03-29T07:00:00.000Z');
  });

  it('reads a cron in its time zone across the autumn change (Europe/Paris, 2026-10-25)', () => {
    expect(iso(latestDueAt(paris('0 9 * * *'), Date.UTC(2026, 9, 24, 12, 0)))).toBe('2026-10-24T07:00:00.000Z');
    expect(iso(latestDueAt(paris('0 9 * * *'), Date.UTC(2026, 9, 25, 12, 0)))).toBe('2026-10-25T08:00:00.000Z');
  });

  it('fires an hourly schedule once per real hour through both changes', () => {
    const hourly = paris('0 * * * *');
    const instants = (from: number, to: number) => {
      const seen: string[] = [];
      for (let at = nextDueAt(hourly, from); at !== null && at < to; at = nextDueAt(hourly, at)) seen.push(iso(at) as string);
      return seen;
    };
    // Spring: 02:00 local does not exist, so 00:00–04:00 UTC holds four instants an hour apart.
    const spring = instants(Date.UTC(2026, 2, 28, 23, 30), Date.UTC(2026, 2, 29, 3, 30));
    expect(spring).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z', '2026-03-29T03:00:00.000Z']);
    // Autumn: 02:00 local happens twice; each instant is still distinct and an hour apart.
    const autumn = instants(Date.UTC(2026, 9, 24, 23, 30), Date.UTC(2026, 9, 25, 2, 30));
    expect(new Set(autumn).size).toBe(autumn.length);
    for (let index = 1; index < autumn.length; index += 1) expect(Date.parse(autumn[index]) - Date.parse(autumn[index - 1])).toBe(3_600_000);
  });

  it('keeps every other Monday at 08:30 local for a two-week interval, whatever the offset', () => {
    const fortnightly: ScheduleConfig = { type: 'interval', intervalDays: 14, dayOfWeek: 1, hour: 8, minute: 30, timezone: 'Europe/Paris' };
    const first = nextDueAt(fortnightly, Date.UTC(2026, 2, 1)) as number;
    const second = nextDueAt(fortnightly, first) as number;
    expect(new Date(first).getUTCDay()).toBe(1);
    // Fourteen days apart, less the hour lost when Paris moves to summer time in between (or not, if both sit on one side).
    expect([14 * 86_400_000, 14 * 86_400_000 - 3_600_000]).toContain(second - first);
    expect(latestDueAt(fortnightly, second + 1000)).toBe(second);
  });

  it('gives the latest instant only: after a long downtime one instant is due, never a burst', () => {
    const due = latestDueAt(paris('*/5 * * * *'), Date.UTC(2026, 5, 1, 12, 7));
    expect(iso(due)).toBe('2026-06-01T12:05:00.000Z');
  });
});
