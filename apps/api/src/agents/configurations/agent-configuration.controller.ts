import type {
  AgentConfigurationHistoryResponse,
  AgentConfigurationResponse,
  GetAgentConfigurationsResponse,
} from '@app/contracts/http/agent-configuration.types';
import type { AgentConfigurationVersionDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import {
  renderFullAgentConfiguration,
  renderLightAgentConfiguration,
  storedVersionView,
} from '@app/contracts/render/agent-configuration.render';
import { canEditAgent, canReadAgent } from '@app/domain/agent-configuration/agent-access.policy';
import { agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { DomainError } from '@app/domain/shared/domain-error';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../infrastructure/read-models.service';
import { accessFacts, AgentDirectory, type DirectoryAgent } from '../directory/agent-directory.service';
import { fullVariant } from './agent-configuration-render';
import { flag, parseAgentListQuery, parseVariant } from './agent-configuration.request';
import { viewerOf } from './agent-configuration.service';
import { enrichAgents } from './agent-list.enrichment';

const LIST = ['api/v1/w/:wId/assistant/agent_configurations', 'api/w/:wId/assistant/agent_configurations'];
const ONE = LIST.map((path) => `${path}/:sId`);
const HISTORY_LIMIT_MAX = 1000;

/** Reading agent configurations, on both path families: the list, search, one agent, its history. */
@Controller()
export class AgentConfigurationController {
  constructor(
    private readonly directory: AgentDirectory,
    private readonly readModels: ReadModels,
  ) {}

  @Get(LIST)
  async list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>): Promise<GetAgentConfigurationsResponse> {
    const options = parseAgentListQuery(query);
    const agents = await this.directory.listAgents(auth.workspace, options.view, viewerOf(auth));
    return { agentConfigurations: await enrichAgents(this.readModels, auth.workspace.sId, agents, options, Date.now()) };
  }

  // Declared before `:sId` so that "search" is not taken for an agent id.
  @Get(LIST.map((path) => `${path}/search`))
  async search(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>): Promise<GetAgentConfigurationsResponse> {
    const q = query.q;
    if (typeof q !== 'string' || q.trim().length === 0) {
      throw new DomainError('invalid_request_error', 'Invalid query parameters: q must be a non-empty string.');
    }
    const needle = q.trim().toLowerCase();
    const agents = await this.directory.list(auth.workspace, 'all', viewerOf(auth));
    return { agentConfigurations: agents.filter((agent) => agent.name.toLowerCase().includes(needle)) };
  }

  @Get(ONE)
  async getOne(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: Record<string, unknown>): Promise<AgentConfigurationResponse> {
    const variant = parseVariant(query);
    const agent = await this.readable(auth, sId, flag(query, 'includeArchived'));
    return { agentConfiguration: variant === 'full' ? fullVariant(agent) : agent.light };
  }

  @Get('api/w/:wId/assistant/agent_configurations/:sId/history')
  async history(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: Record<string, unknown>): Promise<AgentConfigurationHistoryResponse> {
    const limit = parseLimit(query.limit);
    const agent = await this.readable(auth, sId, true);
    if (agent.kind === 'global') return { history: [fullVariant(agent)] };
    const versions = await this.readModels.find<AgentConfigurationVersionDocument>('agentConfigurationVersions', {
      where: { sId },
      sort: [{ field: 'version', direction: 'desc' }],
      limit,
    });
    const flags = { userFavorite: agent.light.userFavorite, canEdit: canEditAgent(viewerOf(auth), accessFacts(agent.doc)) };
    return {
      history: versions.map((version) =>
        renderFullAgentConfiguration(renderLightAgentConfiguration(storedVersionView(version, agent.doc), flags), version.configuration.toolset),
      ),
    };
  }

  /**
   * An agent the caller may read: 404 for unknown ids, other workspaces' agents and (unless asked)
   * archived ones; 403 for a hidden agent or draft of someone else.
   */
  private async readable(auth: AuthContext, sId: string, includeArchived: boolean): Promise<DirectoryAgent> {
    const agent = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!agent) throw agentNotFound();
    if (agent.kind === 'global') return agent;
    if (agent.doc.status === 'archived' && !includeArchived) throw agentNotFound();
    if (!canReadAgent(viewerOf(auth), accessFacts(agent.doc))) {
      throw new DomainError('workspace_auth_error', 'This agent is hidden: only its editors and the workspace admins can see it.');
    }
    return agent;
  }
}

function parseLimit(raw: unknown): number {
  if (raw === undefined) return HISTORY_LIMIT_MAX;
  const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_LIMIT_MAX) {
    throw new DomainError('invalid_request_error', `Invalid query parameters: limit must be an integer between 1 and ${HISTORY_LIMIT_MAX}.`);
  }
  return limit;
}
