import type { AgentDailyUsage } from '@app/contracts/http/agent-daily-usage.types';
import type { AgentUsageDocument } from '@app/contracts/read-models/agent-configuration.read-models';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One agent's use per UTC day over the `days` days ending today: its messages, and the distinct
 * conversations and members (the authors of the messages it answered) of each day. Every day of
 * the window is there, a quiet one at 0, so a chart needs no gaps filled. Pure, for the spec.
 */
export function agentDailyUsage(docs: readonly AgentUsageDocument[], agentId: string, days: number, nowMs: number): AgentDailyUsage[] {
  const firstDay = Math.floor(nowMs / DAY_MS) - days + 1;
  const buckets = Array.from({ length: days }, () => ({ messageCount: 0, conversations: new Set<string>(), users: new Set<string>() }));
  for (const doc of docs) {
    for (const message of Object.values(doc.agentMessages)) {
      if (message.agentId !== agentId) continue;
      const bucket = buckets[Math.floor(message.at / DAY_MS) - firstDay];
      if (!bucket) continue;
      bucket.messageCount += 1;
      bucket.conversations.add(doc.conversationId);
      if (doc.userId !== null) bucket.users.add(doc.userId);
    }
  }
  return buckets.map((bucket, index) => ({
    date: new Date((firstDay + index) * DAY_MS).toISOString().slice(0, 10),
    messageCount: bucket.messageCount,
    conversationCount: bucket.conversations.size,
    userCount: bucket.users.size,
  }));
}
