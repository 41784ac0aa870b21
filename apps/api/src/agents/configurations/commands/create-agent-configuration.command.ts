import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import type { CreateAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { AgentConfigurationWriter } from '../agent-configuration-writer';
import { AgentSkillChecks } from '../agent-skill-checks';

/** Creates a workspace agent (builders and admins, private family). */
export class CreateAgentConfigurationCommand extends Command<AgentConfigurationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly body: CreateAgentConfigurationDto,
  ) {
    super();
  }
}

@CommandHandler(CreateAgentConfigurationCommand)
export class CreateAgentConfigurationHandler implements ICommandHandler<CreateAgentConfigurationCommand> {
  constructor(
    private readonly writer: AgentConfigurationWriter,
    private readonly skills: AgentSkillChecks,
  ) {}

  async execute({ auth, body }: CreateAgentConfigurationCommand): Promise<AgentConfigurationResponse> {
    const input = this.writer.inputOf(body.assistant);
    const skillIds = await this.skills.skillIdsOf(auth, body.assistant);
    const configuration = skillIds?.length ? { ...input, skillIds } : input;
    const [sId] = await this.writer.createAll(auth, [() => configuration]);
    if (!sId) throw new Error('createAll returned nothing');
    return this.writer.respond(auth, sId);
  }
}
