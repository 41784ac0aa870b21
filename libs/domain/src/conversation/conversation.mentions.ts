import type { LightAgentConfiguration, Mention, RichMention } from '@app/contracts/http/conversation.types';
import type { MentionedUser } from './conversation.commands';
import { agentConfigurationNotFound } from './conversation.errors';

/** Display data of each mention (deduplicated); agents must have been resolved by the api. */
export function richMentions(
  mentions: readonly Mention[],
  agents: readonly LightAgentConfiguration[],
  users: readonly MentionedUser[],
): RichMention[] {
  const seen = new Set<string>();
  const result: RichMention[] = [];
  for (const mention of mentions) {
    const id = 'configurationId' in mention ? mention.configurationId : mention.userId;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push('configurationId' in mention ? agentRichMention(id, agents) : userRichMention(id, users));
  }
  return result;
}

function agentRichMention(sId: string, agents: readonly LightAgentConfiguration[]): RichMention {
  const agent = agents.find((a) => a.sId === sId);
  if (!agent) throw agentConfigurationNotFound();
  return {
    id: agent.sId,
    type: 'agent',
    label: agent.name,
    pictureUrl: agent.pictureUrl,
    description: agent.description,
    userFavorite: agent.userFavorite,
    dismissed: false,
    status: 'approved',
  };
}

function userRichMention(sId: string, users: readonly MentionedUser[]): RichMention {
  const user = users.find((u) => u.sId === sId);
  return {
    id: sId,
    type: 'user',
    label: user?.fullName ?? sId,
    pictureUrl: user?.image ?? '',
    description: '',
    dismissed: false,
    status: 'approved',
  };
}
