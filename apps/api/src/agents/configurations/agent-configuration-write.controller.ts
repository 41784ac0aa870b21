import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import { agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { Body, Controller, Delete, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AgentDirectory } from '../directory/agent-directory.service';
import { fullVariant } from './agent-configuration-render';
import { parseCreateAgentBody, parsePatchAgentBody } from './agent-configuration.request';
import { AgentConfigurationService, viewerOf } from './agent-configuration.service';

const PRIVATE = 'api/w/:wId/assistant/agent_configurations';
const PUBLIC = 'api/v1/w/:wId/assistant/agent_configurations';

/**
 * Changing agent configurations: create (private family, builders and admins), new versions and
 * favorites (PATCH), archive (DELETE) and restore. Every answer shows the write (read your writes).
 */
@Controller()
export class AgentConfigurationWriteController {
  constructor(
    private readonly agents: AgentConfigurationService,
    private readonly directory: AgentDirectory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post(PRIVATE)
  @HttpCode(200)
  async create(@Auth() auth: AuthContext, @Body() body: unknown): Promise<AgentConfigurationResponse> {
    const input = parseCreateAgentBody(body, this.config.publicUrl);
    const doc = await this.agents.create(auth, input);
    return this.respond(auth, doc.sId);
  }

  @Patch([`${PRIVATE}/:sId`, `${PUBLIC}/:sId`])
  async patch(@Auth() auth: AuthContext, @Param('sId') sId: string, @Body() body: unknown): Promise<AgentConfigurationResponse> {
    const { configuration, userFavorite } = parsePatchAgentBody(body, this.config.publicUrl);
    if (configuration) await this.agents.update(auth, sId, configuration);
    if (userFavorite !== null) {
      const agent = await this.directory.find(auth.workspace, sId, viewerOf(auth));
      if (!agent || (agent.kind === 'workspace' && agent.doc.status === 'archived')) throw agentNotFound();
      await this.agents.setFavorite(auth, agent, userFavorite);
    }
    return this.respond(auth, sId);
  }

  @Delete([`${PRIVATE}/:sId`, `${PUBLIC}/:sId`])
  async archive(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<{ success: true }> {
    await this.agents.archive(auth, sId);
    return { success: true };
  }

  @Post(`${PRIVATE}/:sId/restore`)
  @HttpCode(200)
  async restore(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<AgentConfigurationResponse> {
    await this.agents.restore(auth, sId);
    return this.respond(auth, sId);
  }

  private async respond(auth: AuthContext, sId: string): Promise<AgentConfigurationResponse> {
    const agent = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!agent) throw agentNotFound();
    return { agentConfiguration: fullVariant(agent) };
  }
}
