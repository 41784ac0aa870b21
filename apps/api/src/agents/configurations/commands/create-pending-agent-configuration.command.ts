import type { PendingAgentConfigurationResponse } from '@app/contracts/http/pending-agent.types';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { requireBuilder } from '../../../auth/roles';
import { ApiError } from '../../../common/http/api-error';
import { newSId } from '../../../common/ids';
import { AgentDirectory } from '../../directory/agent-directory.service';
import { DEFAULT_MAX_STEPS_PER_RUN } from '../agent-configuration-input';
import { AgentConfigurationWriter, authorOf } from '../agent-configuration-writer';

/** The name the real service gives a placeholder; it never clashes, since only saved agents are checked. */
export const PENDING_AGENT_NAME = '__PENDING__';

/**
 * Creates a pending agent: the placeholder an agent builder opens for a new agent, so that the
 * agent's sId is known before its first save (PATCH …/agent_configurations/{sId}, which makes it an
 * agent, still version 0). It is hidden, its author's alone, and listed nowhere. A member's act, as
 * in the real service: a key without a member is refused.
 */
export class CreatePendingAgentConfigurationCommand extends Command<PendingAgentConfigurationResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@CommandHandler(CreatePendingAgentConfigurationCommand)
export class CreatePendingAgentConfigurationHandler implements ICommandHandler<CreatePendingAgentConfigurationCommand> {
  constructor(
    private readonly writer: AgentConfigurationWriter,
    private readonly directory: AgentDirectory,
  ) {}

  async execute({ auth }: CreatePendingAgentConfigurationCommand): Promise<PendingAgentConfigurationResponse> {
    if (!auth.user) throw new ApiError('not_authenticated', 'You must be authenticated to create a pending agent.', 401);
    requireBuilder(auth);
    const configuration = this.placeholder();
    const sId = newSId();
    await this.writer.run(auth, sId, {
      type: 'CreateAgentConfiguration',
      workspaceId: auth.workspace.sId,
      agentConfigurationId: sId,
      configuration,
      modelCheck: await this.writer.check(auth, configuration, null),
      author: authorOf(auth),
    });
    return { sId };
  }

  private placeholder(): AgentConfigurationInput {
    const agent = this.writer.inputOf({
      name: PENDING_AGENT_NAME,
      description: '',
      model: { ...this.directory.defaultModel(), temperature: 0.7 },
      scope: 'hidden',
    });
    return { ...agent, maxStepsPerRun: DEFAULT_MAX_STEPS_PER_RUN, status: 'pending' };
  }
}
