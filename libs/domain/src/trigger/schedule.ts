import type { ScheduleConfig } from '@app/contracts/events/trigger.events';
import type { CronExpressionParser } from 'cron-parser';
import { DomainError } from '../shared/domain-error';

/** cron-parser (and luxon, which it brings) loads with the first schedule read, not at every boot. */
function cronExpressions(): typeof CronExpressionParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cronParser: typeof import('cron-parser') = require('cron-parser');
  return cronParser.CronExpressionParser;
}

const DAY_MS = 86_400_000;

/** The cron expression giving the candidate instants of a schedule (an interval keeps only some days of it). */
function cronOf(config: ScheduleConfig): string {
  if (config.type === 'cron') return config.cron;
  return `${config.minute} ${config.hour} * * ${config.dayOfWeek ?? '*'}`;
}

/** The local calendar day of a candidate, counted from 1970-01-01, for interval schedules. */
function dayNumber(date: { getFullYear(): number; getMonth(): number; getDate(): number }): number {
  return Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}

/**
 * Whether a candidate day belongs to an interval schedule: every `intervalDays` days counted from
 * 1970-01-01 (local calendar); with a day of week, that weekday every ceil(intervalDays / 7) weeks.
 */
function onInterval(config: ScheduleConfig, day: number): boolean {
  if (config.type === 'cron') return true;
  if (config.dayOfWeek === null) return day % config.intervalDays === 0;
  return Math.floor(day / 7) % Math.max(1, Math.ceil(config.intervalDays / 7)) === 0;
}

/**
 * The latest instant of the schedule at or before `now` (epoch ms), read in the schedule's time
 * zone by cron-parser (which applies the zone's daylight-saving rules), or null when none is found
 * in the last year.
 */
export function latestDueAt(config: ScheduleConfig, now: number): number | null {
  const expression = cronExpressions().parse(cronOf(config), { currentDate: new Date(now + 1), tz: config.timezone });
  for (let step = 0; step < 400; step += 1) {
    const candidate = expression.prev();
    if (candidate.getTime() < now - 366 * DAY_MS) return null;
    if (onInterval(config, dayNumber(candidate))) return candidate.getTime();
  }
  return null;
}

/** The next instant of the schedule strictly after `after`, for display (`nextRunAt`). */
export function nextDueAt(config: ScheduleConfig, after: number): number | null {
  const expression = cronExpressions().parse(cronOf(config), { currentDate: new Date(after), tz: config.timezone });
  for (let step = 0; step < 400; step += 1) {
    const candidate = expression.next();
    if (onInterval(config, dayNumber(candidate))) return candidate.getTime();
  }
  return null;
}

/** Refuses a schedule that names an unknown zone or that cron-parser cannot read, with a 400 that says why. */
export function assertValidSchedule(config: ScheduleConfig): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: config.timezone });
  } catch {
    throw new DomainError('invalid_request_error', `Unknown time zone: ${config.timezone}.`);
  }
  if (config.type === 'cron' && config.cron.trim().split(/\s+/).length !== 5) {
    throw new DomainError('invalid_request_error', 'The cron expression must have five fields: minute hour day-of-month month day-of-week.');
  }
  try {
    cronExpressions().parse(cronOf(config), { tz: config.timezone });
  } catch (error) {
    throw new DomainError('invalid_request_error', `Invalid cron expression: ${error instanceof Error ? error.message : String(error)}.`);
  }
}
