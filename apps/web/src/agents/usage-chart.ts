import type { AgentDailyUsage } from '@app/contracts/http/agent-daily-usage.types';
import type { ChartBar } from '../ui/bar-chart';

// The geometry and the words of the agent usage chart. Pure, for the spec.

/** What the chart can show per day. */
export type UsageMeasure = 'messageCount' | 'conversationCount' | 'userCount';

export const USAGE_MEASURES: readonly { readonly measure: UsageMeasure; readonly label: string; readonly unit: string }[] = [
  { measure: 'messageCount', label: 'Messages', unit: 'message' },
  { measure: 'conversationCount', label: 'Conversations', unit: 'conversation' },
  { measure: 'userCount', label: 'Members', unit: 'member' },
];

function counted(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** One day's bar, in the chart's own units (the SVG's viewBox). */
export type UsageBar = ChartBar;

/**
 * One bar a day across `width`, as tall as its value against the highest day (at least 1, so
 * quiet days draw flat rather than dividing by zero); a day with any use keeps a sliver visible.
 */
export function usageBars(days: readonly AgentDailyUsage[], measure: UsageMeasure, width: number, height: number): UsageBar[] {
  const highest = Math.max(1, ...days.map((day) => day[measure]));
  const slot = days.length === 0 ? 0 : width / days.length;
  const gap = slot > 4 ? 1 : 0;
  return days.map((day, index) => {
    const value = day[measure];
    const barHeight = value === 0 ? 0 : Math.max(1, (value / highest) * height);
    return { date: day.date, value, x: index * slot + gap / 2, y: height - barHeight, width: Math.max(0, slot - gap), height: barHeight };
  });
}

/** The chart in a sentence, for screen readers and for whoever prefers words. */
export function usageSummary(days: readonly AgentDailyUsage[], measure: UsageMeasure): string {
  const unit = USAGE_MEASURES.find((entry) => entry.measure === measure)?.unit ?? '';
  const total = days.reduce((sum, day) => sum + day[measure], 0);
  const busiest = days.reduce<AgentDailyUsage | null>((best, day) => (day[measure] > (best?.[measure] ?? 0) ? day : best), null);
  const span = `over the last ${days.length} day${days.length === 1 ? '' : 's'}`;
  if (busiest === null) return `No ${unit}s ${span}.`;
  // Conversations and members are counted per day: a total adds each day's.
  const what = measure === 'messageCount' ? counted(total, unit) : `${counted(total, unit)} counted day by day`;
  return `${what} ${span}; the busiest day was ${busiest.date} with ${busiest[measure]}.`;
}
