import type { AgentConfigurationListItem } from '@app/contracts/http/agent-configuration.types';
import type { AgentMention } from '@app/contracts/http/conversation.types';
import { useEffect, useState } from 'react';
import { useApi, type Api } from '../api';

/** An agent a message may mention, as the composer offers it. */
export type MentionableAgent = Pick<AgentConfigurationListItem, 'sId' | 'name' | 'description' | 'pictureUrl'>;

// One request per workspace and page: every composer of the workspace offers the same agents.
const agentsByWorkspace = new Map<string, Promise<readonly MentionableAgent[]>>();

function loadAgents(conversations: Api['conversations'], wId: string): Promise<readonly MentionableAgent[]> {
  let agents = agentsByWorkspace.get(wId);
  if (agents === undefined) {
    agents = conversations.agents(wId).then((answer) => answer.agentConfigurations.filter((agent) => agent.status === 'active'));
    // A failure is asked again by the next composer, not kept.
    agents.catch(() => agentsByWorkspace.delete(wId));
    agentsByWorkspace.set(wId, agents);
  }
  return agents;
}

/** The workspace's active agents (empty until they come, and if they cannot be read). */
export function useAgents(wId: string): readonly MentionableAgent[] {
  const { conversations } = useApi();
  const [agents, setAgents] = useState<readonly MentionableAgent[]>([]);
  useEffect(() => {
    let current = true;
    loadAgents(conversations, wId).then(
      (loaded) => current && setAgents(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [conversations, wId]);
  return agents;
}

/** The agents a message's text mentions (`@name`, any case, followed by a space, punctuation or the end), as the api takes them. */
export function mentionsIn(text: string, agents: readonly MentionableAgent[]): AgentMention[] {
  const mentioned = agents.filter((agent) => mentionPattern(agent.name).test(text));
  return [...new Set(mentioned.map((agent) => agent.sId))].map((configurationId) => ({ configurationId }));
}

/** Where `@name` stands in a text, for highlighting it. */
export function mentionPattern(name: string, flags = 'i'): RegExp {
  return new RegExp(`(^|\\s)@${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s.,;:!?)])`, flags);
}

/** Whether a picture may be shown here: the page loads images from this server only (data: URLs, our own paths). */
export function isLocalPicture(url: string): boolean {
  return url.startsWith('data:image/') || (url.startsWith('/') && !url.startsWith('//'));
}
