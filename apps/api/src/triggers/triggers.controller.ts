import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import {
  RedriveResponseSchema,
  TriggerEnvelopeSchema,
  TriggerListResponseSchema,
  WebhookRequestListResponseSchema,
} from '@app/contracts/http/openapi/trigger.schema';
import { CreateTriggersDto, RedriveWebhookRequestsDto, TriggerInputDto } from '@app/contracts/http/trigger.dto';
import type { RedriveResponse, TriggerEnvelope, TriggerListResponse, WebhookRequestListResponse } from '@app/contracts/http/trigger.types';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CreateTriggersCommand } from './commands/create-triggers.command';
import { DeleteTriggerCommand } from './commands/delete-trigger.command';
import { RedriveWebhookRequestsCommand } from './commands/redrive-webhook-requests.command';
import { UpdateTriggerCommand } from './commands/update-trigger.command';
import { GetTriggerQuery, ListTriggersQuery, ListWebhookRequestsQuery } from './queries/trigger.queries';

const triggers = (suffix = '') => `api/w/:wId/assistant/agent_configurations/:aId/triggers${suffix}`;

/** An agent's triggers on the private family, as the real product serves them: its editors and the admins only. */
@Controller()
export class TriggersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(triggers())
  @ApiSuccess("List an agent's triggers", TriggerListResponseSchema)
  list(@Auth() auth: AuthContext, @Param('aId') agentId: string): Promise<TriggerListResponse> {
    return this.queryBus.execute(new ListTriggersQuery(auth, agentId));
  }

  @Post(triggers())
  @HttpCode(200)
  @ApiSuccess('Create triggers for an agent; they run as the caller. A webhook trigger\'s hook URL is in this answer only', TriggerListResponseSchema)
  create(@Auth() auth: AuthContext, @Param('aId') agentId: string, @Body() body: CreateTriggersDto): Promise<TriggerListResponse> {
    return this.commandBus.execute(new CreateTriggersCommand(auth, agentId, body.triggers));
  }

  @Get(triggers('/:tId'))
  @ApiSuccess('Read a trigger', TriggerEnvelopeSchema)
  read(@Auth() auth: AuthContext, @Param('aId') agentId: string, @Param('tId') triggerId: string): Promise<TriggerEnvelope> {
    return this.queryBus.execute(new GetTriggerQuery(auth, agentId, triggerId));
  }

  @Patch(triggers('/:tId'))
  @ApiSuccess("Replace a trigger's settings (its kind and hook URL stay)", TriggerEnvelopeSchema)
  update(@Auth() auth: AuthContext, @Param('aId') agentId: string, @Param('tId') triggerId: string, @Body() body: TriggerInputDto): Promise<TriggerEnvelope> {
    return this.commandBus.execute(new UpdateTriggerCommand(auth, agentId, triggerId, body));
  }

  @Delete(triggers('/:tId'))
  @ApiSuccess('Delete a trigger', SuccessSchema)
  remove(@Auth() auth: AuthContext, @Param('aId') agentId: string, @Param('tId') triggerId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeleteTriggerCommand(auth, agentId, triggerId));
  }

  @Get(triggers('/:tId/webhook_requests'))
  @ApiSuccess("A webhook trigger's stored deliveries with their outcome, newest first", WebhookRequestListResponseSchema)
  webhookRequests(@Auth() auth: AuthContext, @Param('aId') agentId: string, @Param('tId') triggerId: string): Promise<WebhookRequestListResponse> {
    return this.queryBus.execute(new ListWebhookRequestsQuery(auth, agentId, triggerId));
  }

  @Post(triggers('/:tId/webhook_requests/redrive'))
  @HttpCode(200)
  @ApiSuccess('Re-drive stored deliveries: a dry run against a new filter, event or prompt (the default), or for real with the trigger\'s own', RedriveResponseSchema)
  redrive(@Auth() auth: AuthContext, @Param('aId') agentId: string, @Param('tId') triggerId: string, @Body() body: RedriveWebhookRequestsDto): Promise<RedriveResponse> {
    return this.commandBus.execute(new RedriveWebhookRequestsCommand(auth, agentId, triggerId, body));
  }
}
