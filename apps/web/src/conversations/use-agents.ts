import type { MentionableAgent } from './mentions';
import { workspaceList, type WorkspaceListHook } from './workspace-list';

/** The workspace's active agents (empty until they come, and if they cannot be read); forgotten when the agent screens save one. */
export const useAgents: WorkspaceListHook<MentionableAgent> = workspaceList((api, wId) =>
  api.conversations.agents(wId).then((answer) => answer.agentConfigurations.filter((agent) => agent.status === 'active')),
);
