import type { AgentSkillsResponse } from '@app/contracts/http/skill.types';
import { agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { viewerOf } from '../../agents/configurations/agent-configuration-writer';
import { AgentDirectory } from '../../agents/directory/agent-directory.service';
import type { AuthContext } from '../../auth/auth-context';
import { readerOf, SkillAccess } from '../skill-access';
import { SkillReader } from '../skill-reader';

/** The skills an agent the caller sees carries, those the caller reads and not archived (none for global agents). */
export class ListAgentSkillsQuery extends Query<AgentSkillsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
  ) {
    super();
  }
}

@QueryHandler(ListAgentSkillsQuery)
export class ListAgentSkillsHandler implements IQueryHandler<ListAgentSkillsQuery> {
  constructor(
    private readonly directory: AgentDirectory,
    private readonly access: SkillAccess,
    private readonly reader: SkillReader,
  ) {}

  async execute({ auth, agentId }: ListAgentSkillsQuery): Promise<AgentSkillsResponse> {
    const agent = await this.directory.find(auth.workspace, agentId, viewerOf(auth));
    if (!agent) throw agentNotFound();
    const skillIds = agent.kind === 'workspace' ? (agent.doc.configuration.skillIds ?? []) : [];
    return { skills: await this.reader.renderMany(auth, await this.access.readableActive(readerOf(auth), skillIds)) };
  }
}
