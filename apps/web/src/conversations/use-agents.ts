import { useEffect, useState } from 'react';
import { useApi, type Api } from '../api';
import type { MentionableAgent } from './mentions';

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
