import { WaitingActionsResponseSchema } from '@app/contracts/http/openapi/waiting-actions.schema';
import type { WaitingActionsResponse } from '@app/contracts/http/waiting-actions.types';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ListWaitingActionsQuery } from './queries/list-waiting-actions.query';

/** The tool calls waiting for the caller across conversations (private family): the web app's list of actions to approve. */
@Controller()
export class WaitingActionsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/w/:wId/assistant/actions/blocked')
  @ApiSuccess('List the tool calls waiting for the caller in every conversation they can read', WaitingActionsResponseSchema)
  waiting(@Auth() auth: AuthContext): Promise<WaitingActionsResponse> {
    return this.queryBus.execute(new ListWaitingActionsQuery(auth));
  }
}
