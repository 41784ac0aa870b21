import type { Projection } from '../projection';
import { agentConfigurationVersionProjection } from './agent-configuration-version.projection';
import { agentConfigurationProjection } from './agent-configuration.projection';
import { agentFavoriteProjection } from './agent-favorite.projection';
import { agentUsageProjection } from './agent-usage.projection';
import { apiKeyProjection } from './api-key.projection';
import { conversationParticipantProjection } from './conversation-participant.projection';
import { conversationProjection } from './conversation.projection';
import { spaceProjection } from './space.projection';
import { userProjection } from './user.projection';
import { workspaceProjection } from './workspace.projection';

/** Every read model the projector maintains. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  workspaceProjection,
  apiKeyProjection,
  userProjection,
  spaceProjection,
  conversationProjection,
  conversationParticipantProjection,
  agentConfigurationProjection,
  agentConfigurationVersionProjection,
  agentFavoriteProjection,
  agentUsageProjection,
] as readonly Projection[];
