import type { GetAgentConfigurationsResponse } from '@app/contracts/http/agent-configuration.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { AgentDirectory } from '../../directory/agent-directory.service';
import { viewerOf } from '../agent-configuration-writer';

/** Agents the caller can see whose name contains `q` (case-insensitive). */
export class SearchAgentConfigurationsQuery extends Query<GetAgentConfigurationsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly q: string,
  ) {
    super();
  }
}

@QueryHandler(SearchAgentConfigurationsQuery)
export class SearchAgentConfigurationsHandler implements IQueryHandler<SearchAgentConfigurationsQuery> {
  constructor(private readonly directory: AgentDirectory) {}

  async execute({ auth, q }: SearchAgentConfigurationsQuery): Promise<GetAgentConfigurationsResponse> {
    const needle = q.trim().toLowerCase();
    const agents = await this.directory.list(auth.workspace, 'all', viewerOf(auth));
    return { agentConfigurations: agents.filter((agent) => agent.name.toLowerCase().includes(needle)) };
  }
}
