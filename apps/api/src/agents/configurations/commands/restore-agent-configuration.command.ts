import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { AgentConfigurationWriter, authorOf } from '../agent-configuration-writer';

/** Restores an archived agent, if its name is still free. */
export class RestoreAgentConfigurationCommand extends Command<AgentConfigurationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly sId: string,
  ) {
    super();
  }
}

@CommandHandler(RestoreAgentConfigurationCommand)
export class RestoreAgentConfigurationHandler implements ICommandHandler<RestoreAgentConfigurationCommand> {
  constructor(private readonly writer: AgentConfigurationWriter) {}

  async execute({ auth, sId }: RestoreAgentConfigurationCommand): Promise<AgentConfigurationResponse> {
    const doc = await this.writer.editable(auth, sId);
    if (doc.status === 'archived') await this.writer.ensureNameFree(auth, doc.configuration.name, sId);
    await this.writer.run(auth, sId, { type: 'RestoreAgentConfiguration', workspaceId: auth.workspace.sId, author: authorOf(auth) });
    return this.writer.respond(auth, sId);
  }
}
