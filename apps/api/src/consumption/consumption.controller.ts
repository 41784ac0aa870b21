import { ConsumptionQueryDto, SetConsumptionBudgetDto } from '@app/contracts/http/consumption.dto';
import type { ConsumptionBudgetsResponse, ConversationConsumptionResponse, WorkspaceConsumptionResponse } from '@app/contracts/http/consumption.types';
import {
  ConsumptionBudgetsResponseSchema,
  ConversationConsumptionResponseSchema,
  WorkspaceConsumptionResponseSchema,
} from '@app/contracts/http/openapi/consumption.schema';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { GetConversationConsumptionQuery, GetWorkspaceConsumptionQuery, ListConsumptionBudgetsQuery } from './consumption.queries';
import { SetConsumptionBudgetCommand } from './set-consumption-budget.command';

/** The cost ledger: a conversation's consumption, the workspace's roll-ups, and monthly budgets. */
@Controller()
export class ConsumptionController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get(['api/v1/w/:wId/assistant/conversations/:cId/consumption', 'api/w/:wId/assistant/conversations/:cId/consumption'])
  @ApiSuccess("A conversation's consumption: credits billed (runs in progress included), by agent and by model, with tokens", ConversationConsumptionResponseSchema)
  conversation(@Auth() auth: AuthContext, @Param('cId') conversationId: string): Promise<ConversationConsumptionResponse> {
    return this.queryBus.execute(new GetConversationConsumptionQuery(auth, conversationId));
  }

  @Get('api/w/:wId/consumption')
  @AdminOnly()
  @ApiSuccess("The workspace's tokens and credits grouped by user, agent, conversation, fork family or day (admins)", WorkspaceConsumptionResponseSchema)
  workspace(@Auth() auth: AuthContext, @Query() query: ConsumptionQueryDto): Promise<WorkspaceConsumptionResponse> {
    return this.queryBus.execute(new GetWorkspaceConsumptionQuery(auth.workspace.sId, query.groupBy, query.from ?? null, query.to ?? null));
  }

  @Get('api/w/:wId/consumption/budgets')
  @AdminOnly()
  @ApiSuccess("The workspace's monthly budgets and this month's spending (admins)", ConsumptionBudgetsResponseSchema)
  budgets(@Auth() auth: AuthContext): Promise<ConsumptionBudgetsResponse> {
    return this.queryBus.execute(new ListConsumptionBudgetsQuery(auth.workspace.sId));
  }

  @Post('api/w/:wId/consumption/budgets')
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Set (or, with monthlyCredits null, remove) a monthly budget for the workspace or a member (admins); answers the budgets in force', ConsumptionBudgetsResponseSchema)
  setBudget(@Auth() auth: AuthContext, @Body() body: SetConsumptionBudgetDto): Promise<ConsumptionBudgetsResponse> {
    return this.commandBus.execute(new SetConsumptionBudgetCommand(auth, body.scope, body.userId ?? null, body.monthlyCredits));
  }
}
