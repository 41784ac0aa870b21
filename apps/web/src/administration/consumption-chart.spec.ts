import { describe, expect, it } from '@jest/globals';
import type { ConsumptionGroup } from '@app/contracts/http/consumption.types';
import { consumptionDays, consumptionSummary, windowStart } from './consumption-chart';

const NOW = Date.UTC(2026, 11, 2, 15);
const group = (key: string, inputTokens: number, outputTokens: number, costCredits: number): ConsumptionGroup => ({
  key,
  messages: 1,
  calls: 1,
  inputTokens,
  outputTokens,
  reasoningTokens: 0,
  cachedInputTokens: 0,
  costCredits,
});

describe('consumption chart', () => {
  it('has every day of the window, quiet ones at 0, and leaves out days outside it', () => {
    const days = consumptionDays([group('2026-12-01', 100, 50, 300), group('2026-10-01', 1, 1, 1)], 3, NOW);
    expect(days).toEqual([
      { date: '2026-11-30', tokens: 0, costCredits: 0 },
      { date: '2026-12-01', tokens: 150, costCredits: 300 },
      { date: '2026-12-02', tokens: 0, costCredits: 0 },
    ]);
    expect(new Date(windowStart(3, NOW)).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('says it in a sentence', () => {
    expect(consumptionSummary(consumptionDays([], 30, NOW))).toBe('No model calls over the last 30 days.');
    expect(consumptionSummary(consumptionDays([group('2026-12-01', 1000, 500, 2_500_000)], 30, NOW))).toBe(
      '1,500 tokens for $2.50 over the last 30 days; the busiest day was 2026-12-01 with 1,500 tokens.',
    );
  });
});
