import type { CreateGenericAgentResponse } from '@app/contracts/http/agent-configuration.types';
import { CreateGenericAgentDto } from '@app/contracts/http/generic-agent.dto';
import { CreateGenericAgentResponseSchema } from '@app/contracts/http/openapi/agent-configuration.schema';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { CreateGenericAgentCommand } from './commands/create-generic-agent.command';

/** Generic agents (public family): an agent and optionally a sub-agent, in one call. */
@Controller()
export class GenericAgentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/v1/w/:wId/assistant/generic_agents')
  @HttpCode(200)
  @ApiSuccess('Create a generic agent, and optionally a sub-agent it can hand over to (builders)', CreateGenericAgentResponseSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateGenericAgentDto): Promise<CreateGenericAgentResponse> {
    return this.commandBus.execute(new CreateGenericAgentCommand(auth, body));
  }
}
