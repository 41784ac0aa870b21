import type { AgentConfigurationHistoryResponse } from '@app/contracts/http/agent-configuration.types';
import type { AgentConfigurationVersionDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { renderFullAgentConfiguration, renderLightAgentConfiguration, storedVersionView } from '@app/contracts/render/agent-configuration.render';
import { canEditAgent } from '@app/domain/agent-configuration/agent-access.policy';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { accessFacts } from '../../directory/agent-directory.service';
import { fullVariant } from '../agent-configuration-render';
import { viewerOf } from '../agent-configuration-writer';
import { AgentReader } from '../agent-reader';

/** The versions of an agent, newest first (global agents have one). */
export class GetAgentConfigurationHistoryQuery extends Query<AgentConfigurationHistoryResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly sId: string,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(GetAgentConfigurationHistoryQuery)
export class GetAgentConfigurationHistoryHandler implements IQueryHandler<GetAgentConfigurationHistoryQuery> {
  constructor(
    private readonly agents: AgentReader,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, sId, limit }: GetAgentConfigurationHistoryQuery): Promise<AgentConfigurationHistoryResponse> {
    const agent = await this.agents.readable(auth, sId, true);
    if (agent.kind === 'global') return { history: [fullVariant(agent)] };
    const versions = await this.readModels.find<AgentConfigurationVersionDocument>('agentConfigurationVersions', {
      where: { sId },
      sort: [{ field: 'version', direction: 'desc' }],
      limit,
    });
    const flags = { userFavorite: agent.light.userFavorite, canEdit: canEditAgent(viewerOf(auth), accessFacts(agent.doc)) };
    return {
      history: versions.map((version) =>
        renderFullAgentConfiguration(renderLightAgentConfiguration(storedVersionView(version, agent.doc), flags), version.configuration),
      ),
    };
  }
}
