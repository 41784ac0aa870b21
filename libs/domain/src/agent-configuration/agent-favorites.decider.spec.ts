import { deciderSpec } from '../../test/decider-spec.helper';
import type { SetAgentFavorite } from './agent-configuration.commands';
import { agentFavoritesDecider } from './agent-favorites.decider';

const set = (favorite: boolean, agentConfigurationId = 'dust'): SetAgentFavorite => ({
  type: 'SetAgentFavorite',
  workspaceId: 'W0rkspace1',
  userId: 'Us3r000001',
  agentConfigurationId,
  favorite,
  now: 1,
});
const event = (favorite: boolean, agentConfigurationId = 'dust') => ({
  type: 'AgentFavoriteSet' as const,
  data: { workspaceId: 'W0rkspace1', userId: 'Us3r000001', agentConfigurationId, favorite, at: 1 },
});

describe('agent favorites decider', () => {
  const spec = deciderSpec(agentFavoritesDecider);
  it('records a change of favorite', () => {
    spec.given([]).when(set(true)).then([event(true)]);
    spec.given([event(true)]).when(set(false)).then([event(false)]);
  });
  it('setting the current value is a no-op', () => {
    spec.given([]).when(set(false)).thenNothing();
    spec.given([event(true), event(true, 'Ag3nt00001')]).when(set(true)).thenNothing();
  });
});
