import { describe, expect, it } from '@jest/globals';
import { usageBars, usageSummary } from './usage-chart';

const day = (date: string, messageCount: number, conversationCount = 0, userCount = 0) => ({ date, messageCount, conversationCount, userCount });
const DAYS = [day('2026-11-30', 0), day('2026-12-01', 4, 2, 1), day('2026-12-02', 2, 1, 1)];

describe('the agent usage chart', () => {
  it('draws a bar a day, the busiest day full height, a quiet day flat', () => {
    const bars = usageBars(DAYS, 'messageCount', 300, 100);
    expect(bars.map((bar) => [bar.date, bar.value, bar.height, bar.y])).toEqual([
      ['2026-11-30', 0, 0, 100],
      ['2026-12-01', 4, 100, 0],
      ['2026-12-02', 2, 50, 50],
    ]);
    expect(bars.map((bar) => bar.x)).toEqual([0.5, 100.5, 200.5]);
    expect(bars[0]?.width).toBe(99);
  });

  it('keeps a sliver for a day far below the busiest, and draws nothing odd with no use at all', () => {
    expect(usageBars([day('a', 1000), day('b', 1)], 'messageCount', 10, 100)[1]?.height).toBe(1);
    expect(usageBars([day('a', 0)], 'messageCount', 10, 100)[0]).toMatchObject({ height: 0, y: 100 });
    expect(usageBars([], 'messageCount', 10, 100)).toEqual([]);
  });

  it('says what the chart shows in a sentence', () => {
    expect(usageSummary(DAYS, 'messageCount')).toBe('6 messages over the last 3 days; the busiest day was 2026-12-01 with 4.');
    expect(usageSummary(DAYS, 'userCount')).toBe('2 members counted day by day over the last 3 days; the busiest day was 2026-12-01 with 1.');
    expect(usageSummary([day('2026-12-02', 0)], 'conversationCount')).toBe('No conversations over the last 1 day.');
    expect(usageSummary([day('2026-12-02', 1)], 'messageCount')).toBe('1 message over the last 1 day; the busiest day was 2026-12-02 with 1.');
  });
});
