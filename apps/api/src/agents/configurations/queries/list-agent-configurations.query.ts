import type { GetAgentConfigurationsResponse } from '@app/contracts/http/agent-configuration.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { AgentDirectory } from '../../directory/agent-directory.service';
import { viewerOf } from '../agent-configuration-writer';
import type { AgentListQueryDto } from '@app/contracts/http/agent-configuration-query.dto';
import { enrichAgents } from '../agent-list.enrichment';

/** The agents of a view (`all`, `list`, `published`, `favorites`, …), with the asked enrichments. */
export class ListAgentConfigurationsQuery extends Query<GetAgentConfigurationsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly options: AgentListQueryDto,
  ) {
    super();
  }
}

@QueryHandler(ListAgentConfigurationsQuery)
export class ListAgentConfigurationsHandler implements IQueryHandler<ListAgentConfigurationsQuery> {
  constructor(
    private readonly directory: AgentDirectory,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, options }: ListAgentConfigurationsQuery): Promise<GetAgentConfigurationsResponse> {
    const agents = await this.directory.listAgents(auth.workspace, options.view, viewerOf(auth));
    return { agentConfigurations: await enrichAgents(this.readModels, auth.workspace.sId, agents, options, Date.now()) };
  }
}
