import type { AgentListView } from '@app/contracts/http/agent-configuration.types';
import type { LightAgentConfiguration } from '@app/contracts/http/conversation.types';
import type { AgentViewer } from '@app/domain/agent-configuration/agent-access.policy';
import { assertNever } from '@app/contracts/assert-never';
import type { FindQuery } from '@app/storage';
import { DEFAULT_AGENT_ID } from './global-agents';
import { ApiError } from '../../common/http/api-error';

/** What a list view selects. */
export interface ViewSelection {
  readonly global: boolean;
  /** Statuses of the workspace agents to list; empty for none. */
  readonly statuses: readonly ('active' | 'draft' | 'archived')[];
  /** Only published (`visible`) workspace agents. */
  readonly publishedOnly: boolean;
  /** Drop the workspace agents the viewer cannot read (hidden ones of others). */
  readonly readableOnly: boolean;
  readonly favoritesOnly: boolean;
}

/**
 * What a view lists, after checking the viewer may use it: `list` and `favorites` act as a member
 * (401 without one, as the real service answers), the unrestricted and archived views are for admins.
 */
export function authorizeView(view: AgentListView, viewer: AgentViewer): ViewSelection {
  const base = { global: true, statuses: ['active'] as const, publishedOnly: false, readableOnly: true, favoritesOnly: false };
  switch (view) {
    case 'all':
      return base;
    case 'list':
      requireMember(viewer, view);
      return base;
    case 'favorites':
      requireMember(viewer, view);
      return { ...base, favoritesOnly: true };
    case 'workspace':
    case 'published':
      return { ...base, global: false, publishedOnly: true };
    case 'global':
      return { ...base, statuses: [] };
    case 'admin_internal':
    case 'all_unrestricted':
      requireAdminViewer(viewer, view);
      return { ...base, statuses: ['active', 'draft'], readableOnly: false };
    case 'archived':
      requireAdminViewer(viewer, view);
      return { ...base, global: false, statuses: ['archived'], readableOnly: false };
    default:
      return assertNever(view);
  }
}

/** The read-model filter of a selection's workspace agents, or null when it lists none. */
export function workspaceAgentQuery(selection: ViewSelection, workspaceId: string): FindQuery['where'] | null {
  if (selection.statuses.length === 0) return null;
  return {
    workspaceId,
    status: selection.statuses.length === 1 ? (selection.statuses[0] ?? null) : { in: selection.statuses },
    ...(selection.publishedOnly ? { scope: 'visible' } : {}),
  };
}

/** The default order (dust-api §4.3, simplified): `dust` first, then by name, case-insensitively. */
export function sortAgents<T extends { readonly light: LightAgentConfiguration }>(agents: readonly T[]): T[] {
  return [...agents].sort((a, b) => rank(a.light) - rank(b.light) || compareNames(a.light, b.light));
}

function rank(agent: LightAgentConfiguration): number {
  return agent.sId === DEFAULT_AGENT_ID ? 0 : 1;
}

function compareNames(a: LightAgentConfiguration, b: LightAgentConfiguration): number {
  const byName = a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en');
  return byName !== 0 ? byName : a.sId < b.sId ? -1 : a.sId > b.sId ? 1 : 0;
}

function requireMember(viewer: AgentViewer, view: string): void {
  if (viewer.userId === null) {
    throw new ApiError('invalid_request_error', `The "${view}" view is only available when authenticated as a user: use a key bound to a member.`, 401);
  }
}

function requireAdminViewer(viewer: AgentViewer, view: string): void {
  if (viewer.role !== 'admin') throw new ApiError('workspace_auth_error', `The "${view}" view is only available to workspace admins.`);
}
