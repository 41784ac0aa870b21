import { WorkspaceStatusSchema } from '@app/contracts/http/openapi/workspace-status.schema';
import type { WorkspaceStatusResponse } from '@app/contracts/http/workspace-status.types';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { GetWorkspaceStatusQuery } from './queries/get-workspace-status.query';

/**
 * `GET /api/w/{wId}/status` (private family, admins): the service's status as JSON for the web app's
 * status page, from the same checks `/readyz` and the `/metrics` gauges read, rather than a page
 * parsing Prometheus text.
 */
@Controller()
export class WorkspaceStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/w/:wId/status')
  @AdminOnly()
  @ApiSuccess("The service's version, readiness, configured providers, search embeddings and sign-in (admins)", WorkspaceStatusSchema)
  status(@Auth() auth: AuthContext): Promise<WorkspaceStatusResponse> {
    return this.queryBus.execute(new GetWorkspaceStatusQuery(auth));
  }
}
