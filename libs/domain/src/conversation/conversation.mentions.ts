import type { AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type { Mention, MentionDisplay, MentionStatus } from '@app/contracts/events/conversation/conversation-event-values';
import type { MentionedUser } from './conversation.commands';
import { agentConfigurationNotFound } from './conversation.errors';

/** How each mention is shown (deduplicated) and its status; agents must have been resolved by the api. */
export function mentionDisplays(
  mentions: readonly Mention[],
  agents: readonly AgentSnapshot[],
  users: readonly MentionedUser[],
  statuses: Readonly<Record<string, MentionStatus>> = {},
): MentionDisplay[] {
  const seen = new Set<string>();
  const result: MentionDisplay[] = [];
  for (const mention of mentions) {
    const id = 'configurationId' in mention ? mention.configurationId : mention.userId;
    if (seen.has(id)) continue;
    seen.add(id);
    const display = 'configurationId' in mention ? agentDisplay(id, agents) : userDisplay(id, users);
    const status = Object.hasOwn(statuses, id) ? statuses[id] : undefined;
    result.push(status ? { ...display, status } : display);
  }
  return result;
}

function agentDisplay(sId: string, agents: readonly AgentSnapshot[]): MentionDisplay {
  const agent = agents.find((a) => a.sId === sId);
  if (!agent) throw agentConfigurationNotFound();
  return { id: agent.sId, type: 'agent', label: agent.name, pictureUrl: agent.pictureUrl, description: agent.description };
}

function userDisplay(sId: string, users: readonly MentionedUser[]): MentionDisplay {
  const user = users.find((u) => u.sId === sId);
  return { id: sId, type: 'user', label: user?.fullName ?? sId, pictureUrl: user?.image ?? '', description: '' };
}
