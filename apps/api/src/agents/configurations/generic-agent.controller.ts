import type { CreateGenericAgentResponse } from '@app/contracts/http/agent-configuration.types';
import { RUN_AGENT_TOOL_PREFIX } from '@app/contracts/render/agent-configuration.render';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AgentDirectory } from '../directory/agent-directory.service';
import { DEFAULT_MAX_STEPS_PER_RUN, defaultPictureUrl, parse } from './agent-configuration.request';
import { AgentConfigurationService, viewerOf } from './agent-configuration.service';

/** Temperature of generic agents (the global agents' default). */
const GENERIC_AGENT_TEMPERATURE = 0.7;

const genericAgentSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    instructions: z.string(),
    emoji: z.string().max(32).optional(),
    subAgentName: z.string().optional(),
    subAgentDescription: z.string().optional(),
    subAgentInstructions: z.string().optional(),
    subAgentEmoji: z.string().max(32).optional(),
  })
  .refine(
    (body) => {
      const given = [body.subAgentName, body.subAgentDescription, body.subAgentInstructions].filter((v) => v !== undefined).length;
      return given === 0 || given === 3;
    },
    { message: 'subAgentName, subAgentDescription and subAgentInstructions go together' },
  );

/**
 * `POST /api/v1/w/{wId}/assistant/generic_agents` (dust-api §2.10): an agent, and optionally a
 * sub-agent it can hand over to, on the deployment's default model (the `dust` agent's). Both are
 * `hidden` (unpublished) and created by builders or admins; all checks run before either is saved.
 */
@Controller()
export class GenericAgentController {
  constructor(
    private readonly agents: AgentConfigurationService,
    private readonly directory: AgentDirectory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post('api/v1/w/:wId/assistant/generic_agents')
  @HttpCode(200)
  async create(@Auth() auth: AuthContext, @Body() body: unknown): Promise<CreateGenericAgentResponse> {
    const request = parse(genericAgentSchema, body, 'body');
    const sub =
      request.subAgentName !== undefined && request.subAgentDescription !== undefined && request.subAgentInstructions !== undefined
        ? { name: request.subAgentName, description: request.subAgentDescription, instructions: request.subAgentInstructions, emoji: request.subAgentEmoji }
        : null;
    const main = { name: request.name, description: request.description, instructions: request.instructions, emoji: request.emoji };
    const builders = sub
      ? [() => this.input(sub, []), (ids: readonly string[]) => this.input(main, ids.map((id) => `${RUN_AGENT_TOOL_PREFIX}${id}`))]
      : [() => this.input(main, [])];
    const docs = await this.agents.createAll(auth, builders);
    const rendered = await Promise.all(docs.map((doc) => this.directory.find(auth.workspace, doc.sId, viewerOf(auth))));
    const [first, second] = rendered.map((agent) => agent?.light);
    if (!first) throw new Error('created agent not found');
    return sub && second ? { agentConfiguration: second, subAgentConfiguration: first } : { agentConfiguration: first };
  }

  private input(
    agent: { name: string; description: string; instructions: string; emoji: string | undefined },
    toolset: readonly string[],
  ): AgentConfigurationInput {
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
