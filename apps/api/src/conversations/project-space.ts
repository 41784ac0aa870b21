import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { findVisibleSpace } from '../data-sources/space-access';
import type { ReadModels } from '../event-sourcing/reading/read-models';

/**
 * The project a conversation is created in or moved to: one the caller can see (404
 * `space_not_found` otherwise); any other kind of space is a 400, as in the real service.
 */
export async function requireProjectSpace(readModels: ReadModels, auth: AuthContext, spaceId: string, refusal: string): Promise<void> {
  const space = await findVisibleSpace(readModels, auth, spaceId);
  if (!space) throw new ApiError('space_not_found', 'Space not found.');
  if (space.kind !== 'project') throw new ApiError('invalid_request_error', refusal);
}
