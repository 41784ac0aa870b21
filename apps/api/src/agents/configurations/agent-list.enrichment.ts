import type { AgentConfigurationListItem, AgentEditor, AgentUsage } from '@app/contracts/http/agent-configuration.types';
import {
  agentUsageDocumentId,
  type AgentFeedbackDocument,
  type AgentUsageDocument,
} from '@app/contracts/read-models/agent-configuration.read-models';
import type { ReadModels } from '../../event-sourcing/reading/read-models';
import type { DirectoryAgent } from '../directory/agent-directory.service';

/** Window of `usage` (the real service reports the last 30 days). */
export const USAGE_PERIOD_SEC = 30 * 24 * 60 * 60;

/** Authors shown in `lastAuthors`, most recent first. */
const LAST_AUTHORS_MAX = 3;

/** Name shown as the author of built-in agents. */
const GLOBAL_AUTHOR = 'Dust';

/** Which enrichments a list asks for. */
export interface AgentEnrichments {
  readonly withAuthors: boolean;
  readonly withUsage: boolean;
  readonly withFeedbacks: boolean;
  readonly withEditors: boolean;
}

interface AgentStats {
  messageCount: number;
  readonly conversations: Set<string>;
  readonly users: Set<string>;
  up: number;
  down: number;
}

/**
 * Adds the requested optional fields to listed agents. Usage counts agent messages of the last
 * 30 days (conversations and distinct members they answered); feedback counts every thumb the
 * agent's messages currently carry, whatever their age.
 */
export async function enrichAgents(
  readModels: ReadModels,
  workspaceId: string,
  agents: readonly DirectoryAgent[],
  enrichments: AgentEnrichments,
  nowMs: number,
): Promise<AgentConfigurationListItem[]> {
  const stats = enrichments.withUsage || enrichments.withFeedbacks ? await collectStats(readModels, workspaceId, nowMs) : new Map<string, AgentStats>();
  return agents.map((agent) => {
    const item: { -readonly [K in keyof AgentConfigurationListItem]: AgentConfigurationListItem[K] } = { ...agent.light };
    const agentStats = stats.get(agent.light.sId);
    if (enrichments.withAuthors) item.lastAuthors = lastAuthors(agent);
    if (enrichments.withEditors) item.editors = editors(agent);
    if (enrichments.withUsage) item.usage = usageOf(agentStats);
    if (enrichments.withFeedbacks) item.feedbacks = { up: agentStats?.up ?? 0, down: agentStats?.down ?? 0 };
    return item;
  });
}

function lastAuthors(agent: DirectoryAgent): string[] {
  if (agent.kind === 'global') return [GLOBAL_AUTHOR];
  return agent.doc.editors.slice(0, LAST_AUTHORS_MAX).map((editor) => editor.fullName);
}

function editors(agent: DirectoryAgent): AgentEditor[] {
  if (agent.kind === 'global') return [];
  return agent.doc.editors.map((editor) => ({ sId: editor.userId, fullName: editor.fullName, image: editor.image }));
}

function usageOf(stats: AgentStats | undefined): AgentUsage {
  return {
    messageCount: stats?.messageCount ?? 0,
    conversationCount: stats?.conversations.size ?? 0,
    userCount: stats?.users.size ?? 0,
    timePeriodSec: USAGE_PERIOD_SEC,
  };
}

async function collectStats(readModels: ReadModels, workspaceId: string, nowMs: number): Promise<Map<string, AgentStats>> {
  const since = nowMs - USAGE_PERIOD_SEC * 1000;
  const [docs, feedbackDocs] = await Promise.all([
    readModels.find<AgentUsageDocument>('agentUsage', { where: { workspaceId } }),
    readModels.find<AgentFeedbackDocument>('agentFeedbacks', { where: { workspaceId } }),
  ]);
  const thumbsByMessage = new Map(feedbackDocs.map((doc) => [agentUsageDocumentId(doc.conversationId, doc.messageId), doc.thumbs]));
  const stats = new Map<string, AgentStats>();
  const statsOf = (agentId: string): AgentStats => {
    let entry = stats.get(agentId);
    if (!entry) {
      entry = { messageCount: 0, conversations: new Set(), users: new Set(), up: 0, down: 0 };
      stats.set(agentId, entry);
    }
    return entry;
  };
  for (const doc of docs) {
    for (const [messageId, message] of Object.entries(doc.agentMessages)) {
      const entry = statsOf(message.agentId);
      if (message.at >= since) {
        entry.messageCount += 1;
        entry.conversations.add(doc.conversationId);
        if (doc.userId !== null) entry.users.add(doc.userId);
      }
      for (const thumb of Object.values(thumbsByMessage.get(agentUsageDocumentId(doc.conversationId, messageId)) ?? {})) {
        if (thumb === 'up') entry.up += 1;
        else entry.down += 1;
      }
    }
  }
  return stats;
}
