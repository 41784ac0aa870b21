import type { AgentSkillsResponse } from '@app/contracts/http/skill.types';
import { agentArchived } from '@app/domain/agent-configuration/agent-configuration.errors';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AgentConfigurationWriter, authorOf } from '../../agents/configurations/agent-configuration-writer';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { readerOf, SkillAccess } from '../skill-access';
import { SkillReader } from '../skill-reader';

/**
 * The agent's editors (and admins) set the skills it carries: a new version of the agent, the rest
 * of its configuration as it was. Each skill must be one the caller reads and not archived.
 */
export class SetAgentSkillsCommand extends Command<AgentSkillsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
    readonly skillIds: readonly string[],
  ) {
    super();
  }
}

@CommandHandler(SetAgentSkillsCommand)
export class SetAgentSkillsHandler implements ICommandHandler<SetAgentSkillsCommand> {
  constructor(
    private readonly agents: AgentConfigurationWriter,
    private readonly access: SkillAccess,
    private readonly reader: SkillReader,
  ) {}

  async execute({ auth, agentId, skillIds }: SetAgentSkillsCommand): Promise<AgentSkillsResponse> {
    const doc = await this.agents.editable(auth, agentId);
    if (doc.status === 'archived') throw agentArchived();
    const ids = [...new Set(skillIds)];
    const skills = await this.access.readableActive(readerOf(auth), ids);
    const missing = ids.find((id) => !skills.some((skill) => skill.sId === id));
    if (missing) throw new ApiError('skill_not_found', `The skill ${missing} was not found.`);
    const { model, ...rest } = doc.configuration;
    const configuration = { ...rest, model: { ...model }, skillIds: ids };
    const modelCheck = await this.agents.check(auth, configuration, doc);
    await this.agents.run(auth, agentId, { type: 'UpdateAgentConfiguration', workspaceId: auth.workspace.sId, configuration, modelCheck, author: authorOf(auth) });
    return { skills: await this.reader.renderMany(auth, skills) };
  }
}
