import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { findVisibleSpace } from '../data-sources/space-access';
import { ReadModels } from '../event-sourcing/reading/read-models';

/**
 * The space whose apps a caller reads. The real service opens export to system keys only; there are
 * none here, so, as for a project's lists, a space the caller can see answers and any other is a 404.
 */
@Injectable()
export class SpaceApps {
  constructor(private readonly readModels: ReadModels) {}

  async space(auth: AuthContext, spaceId: string): Promise<SpaceDocument> {
    const space = await findVisibleSpace(this.readModels, auth, spaceId);
    if (!space) throw new ApiError('space_not_found', 'The space you requested was not found.');
    return space;
  }
}
