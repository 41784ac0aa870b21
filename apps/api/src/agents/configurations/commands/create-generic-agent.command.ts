import type { CreateGenericAgentResponse } from '@app/contracts/http/agent-configuration.types';
import type { CreateGenericAgentDto } from '@app/contracts/http/generic-agent.dto';
import { RUN_AGENT_TOOL_PREFIX } from '@app/contracts/render/agent-configuration.render';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../../config/api-config';
import { AgentDirectory } from '../../directory/agent-directory.service';
import { AgentConfigurationWriter, viewerOf } from '../agent-configuration-writer';
import { DEFAULT_MAX_STEPS_PER_RUN, defaultPictureUrl } from '../agent-configuration-input';

/** Temperature of generic agents (the global agents' default). */
const GENERIC_AGENT_TEMPERATURE = 0.7;

/** Name, description, instructions and optional emoji of one generic agent. */
export interface GenericAgentSpec {
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
  readonly emoji?: string;
}

/**
 * `POST /api/v1/w/{wId}/assistant/generic_agents` (dust-api §2.10): an agent, and optionally a
 * sub-agent it can hand over to, on the deployment's default model (the `dust` agent's). Both are
 * `hidden` (unpublished) and created by builders or admins; all checks run before either is saved.
 */
export class CreateGenericAgentCommand extends Command<CreateGenericAgentResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly body: CreateGenericAgentDto,
  ) {
    super();
  }
}

@CommandHandler(CreateGenericAgentCommand)
export class CreateGenericAgentHandler implements ICommandHandler<CreateGenericAgentCommand> {
  constructor(
    private readonly writer: AgentConfigurationWriter,
    private readonly directory: AgentDirectory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, body }: CreateGenericAgentCommand): Promise<CreateGenericAgentResponse> {
    const agent: GenericAgentSpec = { name: body.name, description: body.description, instructions: body.instructions, emoji: body.emoji };
    // The DTO admits the three sub-agent fields together or not at all.
    const subAgent: GenericAgentSpec | null =
      body.subAgentName !== undefined && body.subAgentDescription !== undefined && body.subAgentInstructions !== undefined
        ? { name: body.subAgentName, description: body.subAgentDescription, instructions: body.subAgentInstructions, emoji: body.subAgentEmoji }
        : null;
    const builders = subAgent
      ? [() => this.input(subAgent, []), (ids: readonly string[]) => this.input(agent, ids.map((id) => `${RUN_AGENT_TOOL_PREFIX}${id}`))]
      : [() => this.input(agent, [])];
    const sIds = await this.writer.createAll(auth, builders);
    const rendered = await Promise.all(sIds.map((sId) => this.directory.find(auth.workspace, sId, viewerOf(auth))));
    const [first, second] = rendered.map((found) => found?.light);
    if (!first) throw new Error('created agent not found');
    return subAgent && second ? { agentConfiguration: second, subAgentConfiguration: first } : { agentConfiguration: first };
  }

  private input(agent: GenericAgentSpec, toolset: readonly string[]): AgentConfigurationInput {
    return {
      name: agent.name.trim(),
      description: agent.description.trim(),
      instructions: agent.instructions,
      pictureUrl: agent.emoji ? emojiPictureUrl(this.config.publicUrl, agent.emoji) : defaultPictureUrl(this.config.publicUrl),
      model: { ...this.directory.defaultModel(), temperature: GENERIC_AGENT_TEMPERATURE, reasoningEffort: null },
      maxStepsPerRun: DEFAULT_MAX_STEPS_PER_RUN,
      scope: 'hidden',
      status: 'active',
      tags: [],
      templateId: null,
      requestedSpaceIds: [],
      toolset,
    };
  }
}

/** An avatar URL for an emoji, named by its code points as the real service's emoji avatars are. */
function emojiPictureUrl(publicUrl: string, emoji: string): string {
  const codePoints = [...emoji].map((char) => char.codePointAt(0)?.toString(16) ?? '').join('-');
  return `${publicUrl}/static/emojis/bg-blue-200/emoji/${codePoints}`;
}
