import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { AgentConfigurationWriter, authorOf } from '../agent-configuration-writer';

/** Archives a workspace agent (a repeat succeeds and changes nothing). */
export class ArchiveAgentConfigurationCommand extends Command<{ success: true }> {
  constructor(
    readonly auth: AuthContext,
    readonly sId: string,
  ) {
    super();
  }
}

@CommandHandler(ArchiveAgentConfigurationCommand)
export class ArchiveAgentConfigurationHandler implements ICommandHandler<ArchiveAgentConfigurationCommand> {
  constructor(private readonly writer: AgentConfigurationWriter) {}

  async execute({ auth, sId }: ArchiveAgentConfigurationCommand): Promise<{ success: true }> {
    await this.writer.editable(auth, sId);
    await this.writer.run(auth, sId, { type: 'ArchiveAgentConfiguration', workspaceId: auth.workspace.sId, author: authorOf(auth) });
    return { success: true };
  }
}
