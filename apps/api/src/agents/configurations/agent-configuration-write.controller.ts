import { CreateAgentConfigurationDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { AgentConfigurationResponseSchema } from '@app/contracts/http/openapi/agent-configuration.schema';
import { PendingAgentConfigurationResponseSchema } from '@app/contracts/http/openapi/pending-agent.schema';
import type { PendingAgentConfigurationResponse } from '@app/contracts/http/pending-agent.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { ArchiveAgentConfigurationCommand } from './commands/archive-agent-configuration.command';
import { CreateAgentConfigurationCommand } from './commands/create-agent-configuration.command';
import { CreatePendingAgentConfigurationCommand } from './commands/create-pending-agent-configuration.command';
import { RestoreAgentConfigurationCommand } from './commands/restore-agent-configuration.command';
import { UpdateAgentConfigurationCommand } from './commands/update-agent-configuration.command';

const PRIVATE = 'api/w/:wId/assistant/agent_configurations';
const PUBLIC = 'api/v1/w/:wId/assistant/agent_configurations';

/**
 * Changing agent configurations: create (private family, builders and admins), a pending placeholder
 * for the agent builder, new versions and favorites (PATCH), archive (DELETE) and restore. Every
 * answer shows the write (read your writes).
 */
@Controller()
export class AgentConfigurationWriteController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(PRIVATE)
  @HttpCode(200)
  @ApiSuccess('Create an agent configuration (builders and admins)', AgentConfigurationResponseSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateAgentConfigurationDto): Promise<AgentConfigurationResponse> {
    return this.commandBus.execute(new CreateAgentConfigurationCommand(auth, body));
  }

  @Post(`${PRIVATE}/create-pending`)
  @HttpCode(200)
  @ApiSuccess("Create a pending agent, the agent builder's placeholder that its first save (PATCH) makes an agent", PendingAgentConfigurationResponseSchema)
  createPending(@Auth() auth: AuthContext): Promise<PendingAgentConfigurationResponse> {
    return this.commandBus.execute(new CreatePendingAgentConfigurationCommand(auth));
  }

  @Patch([`${PRIVATE}/:sId`, `${PUBLIC}/:sId`])
  @ApiSuccess('Save a new version of an agent, or mark it favorite', AgentConfigurationResponseSchema)
  patch(@Auth() auth: AuthContext, @Param('sId') sId: string, @Body() body: PatchAgentConfigurationDto): Promise<AgentConfigurationResponse> {
    return this.commandBus.execute(new UpdateAgentConfigurationCommand(auth, sId, body));
  }

  @Delete([`${PRIVATE}/:sId`, `${PUBLIC}/:sId`])
  @ApiSuccess('Archive an agent', SuccessSchema)
  archive(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new ArchiveAgentConfigurationCommand(auth, sId));
  }

  @Post(`${PRIVATE}/:sId/restore`)
  @HttpCode(200)
  @ApiSuccess('Restore an archived agent', AgentConfigurationResponseSchema)
  restore(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<AgentConfigurationResponse> {
    return this.commandBus.execute(new RestoreAgentConfigurationCommand(auth, sId));
  }
}
