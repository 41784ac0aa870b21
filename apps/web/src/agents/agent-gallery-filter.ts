import type { AgentConfigurationListItem } from '@app/contracts/http/agent-configuration.types';
import type { WorkspaceRole } from '@app/contracts/events/workspace.events';

// What the gallery shows of the list the api answered: the search, the favourites, the labels of a
// card, and who may build. Plain functions, for the spec.

/** What a gallery card reads of an agent. */
export type GalleryAgent = Pick<AgentConfigurationListItem, 'sId' | 'name' | 'description' | 'pictureUrl' | 'scope' | 'status' | 'userFavorite' | 'canEdit'>;

export interface GalleryFilter {
  readonly search: string;
  readonly favoritesOnly: boolean;
}

/** Whether every word of the search is in the agent's name or description, in any case. */
export function matchesSearch(agent: Pick<GalleryAgent, 'name' | 'description'>, search: string): boolean {
  const haystack = `${agent.name}\n${agent.description}`.toLowerCase();
  return wordsOf(search).every((word) => haystack.includes(word));
}

/**
 * The agents the gallery shows: those the search matches (the favourites only, when asked). While
 * searching, agents whose name matches come before those only their description matches, each
 * part in the api's order (`dust` first, then by name); without a search, the api's order.
 */
export function galleryAgents<T extends GalleryAgent>(agents: readonly T[], filter: GalleryFilter): T[] {
  const kept = agents.filter((agent) => (!filter.favoritesOnly || agent.userFavorite) && matchesSearch(agent, filter.search));
  const words = wordsOf(filter.search);
  if (words.length === 0) return kept;
  const byName = (agent: T) => words.every((word) => agent.name.toLowerCase().includes(word));
  return [...kept.filter(byName), ...kept.filter((agent) => !byName(agent))];
}

/** Where an agent comes from and who sees it, as a card says it. */
export function scopeLabel(scope: string): string {
  switch (scope) {
    case 'global':
      return 'Built in';
    case 'visible':
      return 'Workspace';
    case 'hidden':
      return 'Hidden: its editors only';
    default:
      return scope;
  }
}

/** A word about an agent that is not simply usable, or null for an active one. */
export function statusNote(status: string): string | null {
  switch (status) {
    case 'active':
      return null;
    case 'archived':
      return 'Archived';
    case 'draft':
      return 'Draft';
    case 'disabled_by_admin':
      return "Off: the workspace does not allow its model";
    default:
      return status;
  }
}

/** Whether the person may create agents and edit them (the api says the same: builders and admins). */
export function canBuildAgents(role: WorkspaceRole): boolean {
  return role === 'admin' || role === 'builder';
}

/** Whether the person may see the archived agents (the api's archived view is for admins). */
export function canSeeArchived(role: WorkspaceRole): boolean {
  return role === 'admin';
}

function wordsOf(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter((word) => word.length > 0);
}
