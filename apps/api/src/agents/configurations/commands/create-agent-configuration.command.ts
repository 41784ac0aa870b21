import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import type { CreateAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { AgentConfigurationWriter } from '../agent-configuration-writer';

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
  constructor(private readonly writer: AgentConfigurationWriter) {}

  async execute({ auth, body }: CreateAgentConfigurationCommand): Promise<AgentConfigurationResponse> {
    const configuration = this.writer.inputOf(body.assistant);
    const [sId] = await this.writer.createAll(auth, [() => configuration]);
    if (!sId) throw new Error('createAll returned nothing');
    return this.writer.respond(auth, sId);
  }
}
