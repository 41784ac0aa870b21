import type { AgentUsageDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { agentDailyUsage } from './agent-daily-usage';

const NOW = Date.parse('2026-12-02T10:00:00Z');
const at = (iso: string) => Date.parse(iso);

function doc(conversationId: string, userId: string | null, messages: Record<string, { agentId: string; at: number }>): AgentUsageDocument {
  return { workspaceId: 'w1', conversationId, userMessageId: `u-${conversationId}`, userId, agentMessages: messages, lastPosition: 1 };
}

describe("an agent's use per day", () => {
  it('counts messages, distinct conversations and distinct members per UTC day, every day of the window, oldest first', () => {
    const docs = [
      doc('c1', 'ada', { m1: { agentId: 'helper', at: at('2026-12-02T09:00:00Z') }, m2: { agentId: 'helper', at: at('2026-12-02T09:30:00Z') } }),
      doc('c2', 'bob', { m3: { agentId: 'helper', at: at('2026-12-02T00:00:00Z') }, m4: { agentId: 'other', at: at('2026-12-02T00:00:00Z') } }),
      doc('c3', null, { m5: { agentId: 'helper', at: at('2026-11-30T23:59:59Z') } }),
      // Before the window: not counted.
      doc('c4', 'ada', { m6: { agentId: 'helper', at: at('2026-11-29T23:59:59Z') } }),
    ];
    expect(agentDailyUsage(docs, 'helper', 3, NOW)).toEqual([
      { date: '2026-11-30', messageCount: 1, conversationCount: 1, userCount: 0 },
      { date: '2026-12-01', messageCount: 0, conversationCount: 0, userCount: 0 },
      { date: '2026-12-02', messageCount: 3, conversationCount: 2, userCount: 2 },
    ]);
  });

  it('answers quiet days for an agent nobody used', () => {
    expect(agentDailyUsage([], 'helper', 2, NOW).map((day) => [day.date, day.messageCount])).toEqual([
      ['2026-12-01', 0],
      ['2026-12-02', 0],
    ]);
  });
});
