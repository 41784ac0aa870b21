import type { AppCheckRequestItem, AppsCheckResponse } from '@app/contracts/http/dust-app.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { visibleSpaceOrNotFound } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/**
 * Whether each app's specification is deployed in a space (`checkApps()`), as the real service
 * answers for an app it does not find: `deployed: false`, which is every app here.
 */
export class CheckAppsQuery extends Query<AppsCheckResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly apps: readonly AppCheckRequestItem[],
  ) {
    super();
  }
}

@QueryHandler(CheckAppsQuery)
export class CheckAppsHandler implements IQueryHandler<CheckAppsQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ auth, spaceId, apps }: CheckAppsQuery): Promise<AppsCheckResponse> {
    await visibleSpaceOrNotFound(this.readModels, auth, spaceId);
    return { apps: apps.map(({ appId, appHash }) => ({ appId, appHash, deployed: false })) };
  }
}
