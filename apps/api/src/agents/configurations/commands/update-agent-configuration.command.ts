import type { AgentAssistantDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { agentArchived, agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AgentFavoritesAggregateWriter } from '../../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../../auth/auth-context';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { AgentDirectory } from '../../directory/agent-directory.service';
import { AgentConfigurationWriter, authorOf, viewerOf } from '../agent-configuration-writer';
import { AgentSkillChecks } from '../agent-skill-checks';
import { ApiError } from '../../../common/http/api-error';

/** Saves a new version of an agent (its editors, admins) and/or marks it as the caller's favorite. */
export class UpdateAgentConfigurationCommand extends Command<AgentConfigurationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly sId: string,
    readonly patch: PatchAgentConfigurationDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateAgentConfigurationCommand)
export class UpdateAgentConfigurationHandler implements ICommandHandler<UpdateAgentConfigurationCommand> {
  constructor(
    private readonly writer: AgentConfigurationWriter,
    private readonly directory: AgentDirectory,
    private readonly favorites: AgentFavoritesAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly skills: AgentSkillChecks,
  ) {}

  async execute({ auth, sId, patch }: UpdateAgentConfigurationCommand): Promise<AgentConfigurationResponse> {
    if (patch.assistant) await this.saveVersion(auth, sId, patch.assistant);
    if (patch.userFavorite !== undefined) await this.setFavorite(auth, sId, patch.userFavorite);
    return this.writer.respond(auth, sId);
  }

  private async saveVersion(auth: AuthContext, sId: string, assistant: AgentAssistantDto): Promise<void> {
    const input = this.writer.inputOf(assistant);
    const doc = await this.writer.editable(auth, sId);
    if (doc.status === 'archived') throw agentArchived();
    // A body without `skills` saves a version that keeps the skills the agent carries; `[]` drops them.
    const skillIds = (await this.skills.skillIdsOf(auth, assistant)) ?? doc.configuration.skillIds;
    const configuration: AgentConfigurationInput = skillIds?.length ? { ...input, skillIds } : input;
    const modelCheck = await this.writer.check(auth, configuration, doc);
    await this.writer.run(auth, sId, {
      type: 'UpdateAgentConfiguration',
      workspaceId: auth.workspace.sId,
      configuration,
      modelCheck,
      author: authorOf(auth),
    });
  }

  /** Favorites belong to a member: any agent the caller can read, archived ones excepted. */
  private async setFavorite(auth: AuthContext, sId: string, favorite: boolean): Promise<void> {
    const agent = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!agent || (agent.kind === 'workspace' && agent.doc.status === 'archived')) throw agentNotFound();
    if (!auth.user) {
      throw new ApiError('invalid_request_error', 'Favorites are only available when authenticated as a user: use a key bound to a member.', 401);
    }
    const outcome = await this.favorites.run(
      auth.user.sId,
      { type: 'SetAgentFavorite', workspaceId: auth.workspace.sId, userId: auth.user.sId, agentConfigurationId: agent.light.sId, favorite },
      auth,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }
}
