import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { fullVariant } from '../agent-configuration-render';
import { AgentReader } from '../agent-reader';

/** One agent, light or full, archived ones only when asked. */
export class GetAgentConfigurationQuery extends Query<AgentConfigurationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly sId: string,
    readonly variant: 'light' | 'full',
    readonly includeArchived: boolean,
  ) {
    super();
  }
}

@QueryHandler(GetAgentConfigurationQuery)
export class GetAgentConfigurationHandler implements IQueryHandler<GetAgentConfigurationQuery> {
  constructor(private readonly agents: AgentReader) {}

  async execute({ auth, sId, variant, includeArchived }: GetAgentConfigurationQuery): Promise<AgentConfigurationResponse> {
    const agent = await this.agents.readable(auth, sId, includeArchived);
    return { agentConfiguration: variant === 'full' ? fullVariant(agent) : agent.light };
  }
}
