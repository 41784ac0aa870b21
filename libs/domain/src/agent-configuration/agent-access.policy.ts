import type { WorkspaceRole } from '@app/contracts/events/workspace.events';

/** Who looks at an agent: the key's role and the member it acts as (null for a key bound to no one). */
export interface AgentViewer {
  readonly role: WorkspaceRole;
  readonly userId: string | null;
}

/** The facts about an agent that access depends on. */
export interface AgentAccessFacts {
  readonly scope: 'global' | 'visible' | 'hidden';
  readonly status: string;
  /** Members who saved a version of the agent. */
  readonly editorIds: readonly string[];
}

/**
 * Editing: never a global agent; admins always; editors (members who saved a version); and a
 * builder key bound to no member, which acts for the workspace as a whole (there is no one to
 * compare with the editors).
 */
export function canEditAgent(viewer: AgentViewer, agent: AgentAccessFacts): boolean {
  if (agent.scope === 'global') return false;
  if (viewer.role === 'admin') return true;
  if (viewer.userId !== null) return agent.editorIds.includes(viewer.userId);
  return viewer.role === 'builder';
}

/**
 * Reading: global agents and published (`visible`) active agents are for every member; hidden
 * agents, drafts and archived agents only for those who can edit them.
 */
export function canReadAgent(viewer: AgentViewer, agent: AgentAccessFacts): boolean {
  if (agent.scope === 'global') return true;
  if (agent.scope === 'visible' && agent.status === 'active') return true;
  return canEditAgent(viewer, agent);
}
