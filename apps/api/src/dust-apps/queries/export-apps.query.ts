import type { ExportAppsResponse } from '@app/contracts/http/dust-app.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { SpaceApps } from '../space-apps';

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
  constructor(private readonly spaces: SpaceApps) {}

  async execute({ auth, spaceId }: ExportAppsQuery): Promise<ExportAppsResponse> {
    await this.spaces.space(auth, spaceId);
    return { apps: [] };
  }
}
