import { AppsCheckDto } from '@app/contracts/http/dust-app.dto';
import type { AppsCheckResponse, ExportAppsResponse } from '@app/contracts/http/dust-app.types';
import { AppsCheckResponseSchema, ExportAppsResponseSchema } from '@app/contracts/http/openapi/dust-app.schema';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CheckAppsQuery } from './queries/check-apps.query';
import { ExportAppsQuery } from './queries/export-apps.query';

const APPS = ['api/v1/w/:wId/spaces/:spaceId/apps', 'api/w/:wId/spaces/:spaceId/apps'];

/** A space's Dust apps, as the official client's exportApps and checkApps read them: this deployment has none. */
@Controller()
export class DustAppsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(APPS.map((base) => `${base}/export`))
  @ApiSuccess("Export a space's Dust apps (none: this deployment runs no Dust apps)", ExportAppsResponseSchema)
  export(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<ExportAppsResponse> {
    return this.queryBus.execute(new ExportAppsQuery(auth, spaceId));
  }

  @Post(APPS.map((base) => `${base}/check`))
  @HttpCode(200)
  @ApiSuccess("Check whether apps' specifications are deployed in a space (never, here)", AppsCheckResponseSchema)
  check(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Body() body: AppsCheckDto): Promise<AppsCheckResponse> {
    return this.queryBus.execute(new CheckAppsQuery(auth, spaceId, body.apps));
  }
}
