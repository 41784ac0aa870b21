import type { ConsumptionGroup } from '@app/contracts/http/consumption.types';

// The days and words of the workspace's token-use chart. Pure, for the spec.

const DAY_MS = 24 * 60 * 60 * 1000;

/** One UTC day of the workspace's consumption (a quiet day at 0). */
export interface ConsumptionDay {
  readonly date: string;
  readonly tokens: number;
  readonly costCredits: number;
}

/** The `days` days ending today, from the roll-up's `day` groups, every day there so the chart needs no gaps filled. */
export function consumptionDays(groups: readonly ConsumptionGroup[], days: number, nowMs: number): ConsumptionDay[] {
  const byDate = new Map(groups.map((group) => [group.key, group]));
  const firstDay = Math.floor(nowMs / DAY_MS) - days + 1;
  return Array.from({ length: days }, (_, index) => {
    const date = new Date((firstDay + index) * DAY_MS).toISOString().slice(0, 10);
    const group = byDate.get(date);
    return { date, tokens: group ? group.inputTokens + group.outputTokens : 0, costCredits: group?.costCredits ?? 0 };
  });
}

/** Start of the first day of the window, for the roll-up's `from`. */
export function windowStart(days: number, nowMs: number): number {
  return (Math.floor(nowMs / DAY_MS) - days + 1) * DAY_MS;
}

/** Credits (micro-USD) as dollars, for people. */
export function dollars(credits: number): string {
  return `$${(credits / 1_000_000).toFixed(credits > 0 && credits < 10_000 ? 4 : 2)}`;
}

/** The chart in a sentence, for screen readers and for whoever prefers words. */
export function consumptionSummary(days: readonly ConsumptionDay[]): string {
  const tokens = days.reduce((sum, day) => sum + day.tokens, 0);
  const credits = days.reduce((sum, day) => sum + day.costCredits, 0);
  const span = `over the last ${days.length} day${days.length === 1 ? '' : 's'}`;
  if (tokens === 0 && credits === 0) return `No model calls ${span}.`;
  const busiest = days.reduce((best, day) => (day.tokens > best.tokens ? day : best));
  return `${tokens.toLocaleString('en-US')} tokens for ${dollars(credits)} ${span}; the busiest day was ${busiest.date} with ${busiest.tokens.toLocaleString('en-US')} tokens.`;
}
