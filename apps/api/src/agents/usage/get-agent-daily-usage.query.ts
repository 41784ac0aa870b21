import type { AgentDailyUsageResponse } from '@app/contracts/http/agent-daily-usage.types';
import type { AgentUsageDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { AgentReader } from '../configurations/agent-reader';
import { agentDailyUsage } from './agent-daily-usage';

/** An agent's use per day over the last `days` days, for whoever may read the agent (archived ones too). */
export class GetAgentDailyUsageQuery extends Query<AgentDailyUsageResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly sId: string,
    readonly days: number,
  ) {
    super();
  }
}

@QueryHandler(GetAgentDailyUsageQuery)
export class GetAgentDailyUsageHandler implements IQueryHandler<GetAgentDailyUsageQuery> {
  constructor(
    private readonly agents: AgentReader,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, sId, days }: GetAgentDailyUsageQuery): Promise<AgentDailyUsageResponse> {
    const agent = await this.agents.readable(auth, sId, true);
    const workspaceId = auth.workspace.sId;
    // The usage projection keeps one document per user message of the workspace, as the list's `withUsage` reads it.
    const docs = await this.readModels.find<AgentUsageDocument>('agentUsage', { where: { workspaceId } });
    return { days: agentDailyUsage(docs, agent.light.sId, days, Date.now()) };
  }
}
