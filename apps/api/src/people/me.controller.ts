import type { MeResponse } from '@app/contracts/http/auth.types';
import { MeResponseSchema } from '@app/contracts/http/openapi/people.schema';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Person, type PersonContext } from '../auth/auth-context';
import { PersonRoute } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { GetMeQuery } from './queries/me.query';

/** `GET /api/v1/me`: the official client's `me()`, for a personal access token or a key bound to a member. */
@Controller('api/v1/me')
export class MeController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PersonRoute()
  @ApiSuccess('The calling user and their workspaces (a personal access token, or a key bound to a member)', MeResponseSchema)
  me(@Person() person: PersonContext): Promise<MeResponse> {
    return this.queryBus.execute(new GetMeQuery(person));
  }
}
