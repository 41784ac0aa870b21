import { CreateAgentConfigurationDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ArchiveAgentConfigurationCommand } from './commands/archive-agent-configuration.command';
import { CreateAgentConfigurationCommand } from './commands/create-agent-configuration.command';
import { RestoreAgentConfigurationCommand } from './commands/restore-agent-configuration.command';
import { UpdateAgentConfigurationCommand } from './commands/update-agent-configuration.command';

const PRIVATE = 'api/w/:wId/assistant/agent_configurations';
const PUBLIC = 'api/v1/w/:wId/assistant/agent_configurations';

/**
 * Changing agent configurations: create (private family, builders and admins), new versions and
 * favorites (PATCH), archive (DELETE) and restore. Every answer shows the write (read your writes).
 */
@Controller()
export class AgentConfigurationWriteController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(PRIVATE)
  @HttpCode(200)
  create(@Auth() auth: AuthContext, @Body() body: CreateAgentConfigurationDto): Promise<AgentConfigurationResponse> {
    return this.commandBus.execute(new CreateAgentConfigurationCommand(auth, body));
  }

  @Patch([`${PRIVATE}/:sId`, `${PUBLIC}/:sId`])
  patch(@Auth() auth: AuthContext, @Param('sId') sId: string, @Body() body: PatchAgentConfigurationDto): Promise<AgentConfigurationResponse> {
    return this.commandBus.execute(new UpdateAgentConfigurationCommand(auth, sId, body));
  }

  @Delete([`${PRIVATE}/:sId`, `${PUBLIC}/:sId`])
  archive(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<{ success: true }> {
    return this.commandBus.execute(new ArchiveAgentConfigurationCommand(auth, sId));
  }

  @Post(`${PRIVATE}/:sId/restore`)
  @HttpCode(200)
  restore(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<AgentConfigurationResponse> {
    return this.commandBus.execute(new RestoreAgentConfigurationCommand(auth, sId));
  }
}
