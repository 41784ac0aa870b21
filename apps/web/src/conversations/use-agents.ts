import type { MentionableAgent } from './mentions';
import { workspaceList } from './workspace-list';

/** The workspace's active agents (empty until they come, and if they cannot be read). */
export const useAgents: (wId: string) => readonly MentionableAgent[] = workspaceList((api, wId) =>
  api.conversations.agents(wId).then((answer) => answer.agentConfigurations.filter((agent) => agent.status === 'active')),
);
