import type { Projection } from '../projection';
import { apiKeyProjection } from './api-key.projection';
import { spaceProjection } from './space.projection';
import { userProjection } from './user.projection';
import { workspaceProjection } from './workspace.projection';

/** Every read model the projector maintains. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  workspaceProjection,
  apiKeyProjection,
  userProjection,
  spaceProjection,
] as readonly Projection[];
