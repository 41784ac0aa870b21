import type {
  AgentConfigurationHistoryResponse,
  AgentConfigurationResponse,
  GetAgentConfigurationsResponse,
} from '@app/contracts/http/agent-configuration.types';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { flag, parseAgentListQuery, parseVariant } from './agent-configuration.request';
import { GetAgentConfigurationHistoryQuery } from './queries/get-agent-configuration-history.query';
import { GetAgentConfigurationQuery } from './queries/get-agent-configuration.query';
import { ListAgentConfigurationsQuery } from './queries/list-agent-configurations.query';
import { SearchAgentConfigurationsQuery } from './queries/search-agent-configurations.query';
import { ApiError } from '../../common/http/api-error';

const LIST = ['api/v1/w/:wId/assistant/agent_configurations', 'api/w/:wId/assistant/agent_configurations'];
const ONE = LIST.map((path) => `${path}/:sId`);
const HISTORY_LIMIT_MAX = 1000;

/** Reading agent configurations, on both path families: the list, search, one agent, its history. */
@Controller()
export class AgentConfigurationController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(LIST)
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>): Promise<GetAgentConfigurationsResponse> {
    return this.queryBus.execute(new ListAgentConfigurationsQuery(auth, parseAgentListQuery(query)));
  }

  // Declared before `:sId` so that "search" is not taken for an agent id.
  @Get(LIST.map((path) => `${path}/search`))
  search(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>): Promise<GetAgentConfigurationsResponse> {
    const q = query.q;
    if (typeof q !== 'string' || q.trim().length === 0) {
      throw new ApiError('invalid_request_error', 'Invalid query parameters: q must be a non-empty string.');
    }
    return this.queryBus.execute(new SearchAgentConfigurationsQuery(auth, q));
  }

  @Get(ONE)
  getOne(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: Record<string, unknown>): Promise<AgentConfigurationResponse> {
    return this.queryBus.execute(new GetAgentConfigurationQuery(auth, sId, parseVariant(query), flag(query, 'includeArchived')));
  }

  @Get('api/w/:wId/assistant/agent_configurations/:sId/history')
  history(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: Record<string, unknown>): Promise<AgentConfigurationHistoryResponse> {
    return this.queryBus.execute(new GetAgentConfigurationHistoryQuery(auth, sId, parseLimit(query.limit)));
  }
}

function parseLimit(raw: unknown): number {
  if (raw === undefined) return HISTORY_LIMIT_MAX;
  const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_LIMIT_MAX) {
    throw new ApiError('invalid_request_error', `Invalid query parameters: limit must be an integer between 1 and ${HISTORY_LIMIT_MAX}.`);
  }
  return limit;
}
