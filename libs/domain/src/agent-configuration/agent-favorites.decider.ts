import { toAgentFavoritesStreamName } from './agent-configuration.stream';
import type { AgentFavoriteEvent } from '@app/contracts/events/agent-configuration.events';
import type { Aggregate, Decider } from '../shared/decider';
import type { SetAgentFavorite } from './agent-configuration.commands';

/** A member's favorite agent ids. */
export type AgentFavoritesState = { readonly favorites: ReadonlySet<string> };

function decide(command: SetAgentFavorite, state: AgentFavoritesState): AgentFavoriteEvent[] {
  if (state.favorites.has(command.agentConfigurationId) === command.favorite) return [];
  const { workspaceId, userId, agentConfigurationId, favorite, now: at } = command;
  return [{ type: 'AgentFavoriteSet', data: { workspaceId, userId, agentConfigurationId, favorite, at } }];
}

function evolve(state: AgentFavoritesState, event: AgentFavoriteEvent): AgentFavoritesState {
  const favorites = new Set(state.favorites);
  if (event.data.favorite) favorites.add(event.data.agentConfigurationId);
  else favorites.delete(event.data.agentConfigurationId);
  return { favorites };
}

/** One member's favorite agents (global or workspace); setting the current value again is a no-op. */
export const agentFavoritesDecider: Decider<SetAgentFavorite, AgentFavoriteEvent, AgentFavoritesState> = {
  decide,
  evolve,
  initialState: () => ({ favorites: new Set() }),
};

/** The member's favorite agents, by user sId. */
export const agentFavoritesAggregate: Aggregate<SetAgentFavorite, AgentFavoriteEvent, AgentFavoritesState> = { decider: agentFavoritesDecider, streamName: toAgentFavoritesStreamName };
