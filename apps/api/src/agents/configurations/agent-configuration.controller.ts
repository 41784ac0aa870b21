import {
  AgentConfigurationQueryDto,
  AgentDailyUsageQueryDto,
  AgentHistoryQueryDto,
  AgentListQueryDto,
  AgentSearchQueryDto,
} from '@app/contracts/http/agent-configuration-query.dto';
import type {
  AgentConfigurationHistoryResponse,
  AgentConfigurationResponse,
  GetAgentConfigurationsResponse,
} from '@app/contracts/http/agent-configuration.types';
import type { AgentDailyUsageResponse } from '@app/contracts/http/agent-daily-usage.types';
import {
  AgentConfigurationHistoryResponseSchema,
  AgentConfigurationResponseSchema,
  GetAgentConfigurationsResponseSchema,
} from '@app/contracts/http/openapi/agent-configuration.schema';
import { AgentDailyUsageResponseSchema } from '@app/contracts/http/openapi/agent-daily-usage.schema';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { GetAgentDailyUsageQuery } from '../usage/get-agent-daily-usage.query';
import { GetAgentConfigurationHistoryQuery } from './queries/get-agent-configuration-history.query';
import { GetAgentConfigurationQuery } from './queries/get-agent-configuration.query';
import { ListAgentConfigurationsQuery } from './queries/list-agent-configurations.query';
import { SearchAgentConfigurationsQuery } from './queries/search-agent-configurations.query';

const LIST = ['api/v1/w/:wId/assistant/agent_configurations', 'api/w/:wId/assistant/agent_configurations'];
const ONE = LIST.map((path) => `${path}/:sId`);

/** Reading agent configurations, on both path families: the list, search, one agent, its history and its use per day. */
@Controller()
export class AgentConfigurationController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(LIST)
  @ApiSuccess('List the agents the caller can use', GetAgentConfigurationsResponseSchema)
  list(@Auth() auth: AuthContext, @Query() query: AgentListQueryDto): Promise<GetAgentConfigurationsResponse> {
    return this.queryBus.execute(new ListAgentConfigurationsQuery(auth, query));
  }

  // Declared before `:sId` so that "search" is not taken for an agent id.
  @Get(LIST.map((path) => `${path}/search`))
  @ApiSuccess('Search agents by name', GetAgentConfigurationsResponseSchema)
  search(@Auth() auth: AuthContext, @Query() query: AgentSearchQueryDto): Promise<GetAgentConfigurationsResponse> {
    return this.queryBus.execute(new SearchAgentConfigurationsQuery(auth, query.q));
  }

  @Get(ONE)
  @ApiSuccess('Get an agent configuration (light, or full with `variant=full`)', AgentConfigurationResponseSchema)
  getOne(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: AgentConfigurationQueryDto): Promise<AgentConfigurationResponse> {
    return this.queryBus.execute(new GetAgentConfigurationQuery(auth, sId, query.variant, query.includeArchived));
  }

  @Get('api/w/:wId/assistant/agent_configurations/:sId/history')
  @ApiSuccess("List an agent's versions, newest first", AgentConfigurationHistoryResponseSchema)
  history(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: AgentHistoryQueryDto): Promise<AgentConfigurationHistoryResponse> {
    return this.queryBus.execute(new GetAgentConfigurationHistoryQuery(auth, sId, query.limit));
  }

  @Get('api/w/:wId/assistant/agent_configurations/:sId/daily_usage')
  @ApiSuccess("An agent's messages, conversations and members per day (UTC) over the last `days` days", AgentDailyUsageResponseSchema)
  dailyUsage(@Auth() auth: AuthContext, @Param('sId') sId: string, @Query() query: AgentDailyUsageQueryDto): Promise<AgentDailyUsageResponse> {
    return this.queryBus.execute(new GetAgentDailyUsageQuery(auth, sId, query.days));
  }
}
