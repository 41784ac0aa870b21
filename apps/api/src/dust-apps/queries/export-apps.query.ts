import type { ExportAppsResponse } from '@app/contracts/http/dust-app.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { visibleSpaceOrNotFound } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** The apps of a space with their specifications (`exportApps()`): none, since this deployment runs no Dust apps. */
export class ExportAppsQuery extends Query<ExportAppsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
  ) {
    super();
  }
}

@QueryHandler(ExportAppsQuery)
export class ExportAppsHandler implements IQueryHandler<ExportAppsQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ auth, spaceId }: ExportAppsQuery): Promise<ExportAppsResponse> {
    await visibleSpaceOrNotFound(this.readModels, auth, spaceId);
    return { apps: [] };
  }
}
