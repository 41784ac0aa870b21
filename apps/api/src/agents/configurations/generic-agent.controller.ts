import type { CreateGenericAgentResponse } from '@app/contracts/http/agent-configuration.types';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { parse } from './agent-configuration.request';
import { CreateGenericAgentCommand } from './commands/create-generic-agent.command';

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

/** Generic agents (public family): an agent and optionally a sub-agent, in one call. */
@Controller()
export class GenericAgentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/v1/w/:wId/assistant/generic_agents')
  @HttpCode(200)
  create(@Auth() auth: AuthContext, @Body() body: unknown): Promise<CreateGenericAgentResponse> {
    const request = parse(genericAgentSchema, body, 'body');
    const subAgent =
      request.subAgentName !== undefined && request.subAgentDescription !== undefined && request.subAgentInstructions !== undefined
        ? { name: request.subAgentName, description: request.subAgentDescription, instructions: request.subAgentInstructions, emoji: request.subAgentEmoji }
        : null;
    const agent = { name: request.name, description: request.description, instructions: request.instructions, emoji: request.emoji };
    return this.commandBus.execute(new CreateGenericAgentCommand(auth, agent, subAgent));
  }
}
