import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** Whether the caller sees a space: open spaces to everyone, restricted ones to admins and members. */
export function canSeeSpace(auth: AuthContext, space: SpaceDocument): boolean {
  if (!space.isRestricted || auth.role === 'admin') return true;
  return auth.user !== null && (space.memberIds ?? []).includes(auth.user.sId);
}

/** A space of the caller's workspace that it can see, or null: each route answers its own 404 for null. */
export async function findVisibleSpace(readModels: ReadModels, auth: AuthContext, spaceId: string): Promise<SpaceDocument | null> {
  const space = await readModels.get<SpaceDocument>('spaces', spaceId);
  return space && space.workspaceId === auth.workspace.sId && canSeeSpace(auth, space) ? space : null;
}

/** A space of the caller's workspace that it can see; any other answers 404 `space_not_found`. */
export async function visibleSpaceOrNotFound(readModels: ReadModels, auth: AuthContext, spaceId: string): Promise<SpaceDocument> {
  const space = await findVisibleSpace(readModels, auth, spaceId);
  if (!space) throw new ApiError('space_not_found', 'The space you requested was not found.');
  return space;
}

/** Resolves the spaces a caller may use for data; any other answers `space_not_found`. */
@Injectable()
export class SpaceAccess {
  constructor(private readonly readModels: ReadModels) {}

  /**
   * A space of the caller's workspace that it can see and that holds data: the conversations space
   * holds none (the real service answers `space_not_found` for it too).
   */
  async dataSpace(auth: AuthContext, spaceId: string): Promise<SpaceDocument> {
    const space = await findVisibleSpace(this.readModels, auth, spaceId);
    if (!space || space.kind === 'conversations') {
      throw new ApiError('space_not_found', 'The space you requested was not found.');
    }
    return space;
  }
}
