import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { findVisibleSpace } from '../data-sources/space-access';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** A space the caller can see; a project, where the route is for projects only. */
@Injectable()
export class ProjectAccess {
  constructor(private readonly readModels: ReadModels) {}

  /** A space of the caller's workspace it can see (a restricted one: admins and members); else 404 `space_not_found`. */
  async space(auth: AuthContext, spaceId: string): Promise<SpaceDocument> {
    const space = await findVisibleSpace(this.readModels, auth, spaceId);
    if (!space) throw new ApiError('space_not_found', 'Space not found.');
    return space;
  }

  /** A project the caller can see; any other kind of space is a 400, as in the real service. */
  async project(auth: AuthContext, spaceId: string, what: string): Promise<SpaceDocument & { project: NonNullable<SpaceDocument['project']> }> {
    const space = await this.space(auth, spaceId);
    const { project } = space;
    if (space.kind !== 'project' || !project) throw new ApiError('invalid_request_error', `${what} is only available for project spaces.`);
    return { ...space, project };
  }
}
