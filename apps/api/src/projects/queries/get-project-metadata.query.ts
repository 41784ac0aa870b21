import type { GetProjectMetadataResponse } from '@app/contracts/http/project.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ProjectAccess } from '../project-access';
import { renderProjectMetadata } from '../project-metadata.render';

/** A project's metadata (`getSpaceMetadata()`): its description and members. */
export class GetProjectMetadataQuery extends Query<GetProjectMetadataResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
  ) {
    super();
  }
}

@QueryHandler(GetProjectMetadataQuery)
export class GetProjectMetadataHandler implements IQueryHandler<GetProjectMetadataQuery> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, spaceId }: GetProjectMetadataQuery): Promise<GetProjectMetadataResponse> {
    const space = await this.access.project(auth, spaceId, 'Project metadata');
    return { metadata: await renderProjectMetadata(this.readModels, space) };
  }
}
