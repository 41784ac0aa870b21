import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';
import { ObjectRule } from './validation/object-rule.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { LengthAtMost } from './validation/string.decorator';
import { MESSAGES } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

const SUB_AGENT_KEYS = ['subAgentName', 'subAgentDescription', 'subAgentInstructions'] as const;

/** `POST /api/v1/w/{wId}/assistant/generic_agents`: an agent, and optionally a sub-agent it can hand over to. */
@ObjectRule('subAgentTogether', (body) => {
  const given = SUB_AGENT_KEYS.filter((key) => body[key] !== undefined).length;
  return given === 0 || given === SUB_AGENT_KEYS.length ? undefined : 'subAgentName, subAgentDescription and subAgentInstructions go together';
})
export class CreateGenericAgentDto {
  @ApiProperty({ type: String, example: 'planner' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.string })
  name!: string;

  @ApiProperty({ type: String, example: 'Plans.' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.string })
  description!: string;

  @ApiProperty({ type: String, example: 'Plan things.' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.string })
  instructions!: string;

  @ApiPropertyOptional({ type: String, maxLength: 32, example: '🤖' })
  @IsOmittable()
  @LengthAtMost(32)
  @IsString({ message: MESSAGES.string })
  emoji?: string;

  @ApiPropertyOptional({ type: String, description: 'With subAgentDescription and subAgentInstructions.', example: 'executor' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  subAgentName?: string;

  @ApiPropertyOptional({ type: String, example: 'Executes.' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  subAgentDescription?: string;

  @ApiPropertyOptional({ type: String, example: 'Do things.' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  subAgentInstructions?: string;

  @ApiPropertyOptional({ type: String, maxLength: 32 })
  @IsOmittable()
  @LengthAtMost(32)
  @IsString({ message: MESSAGES.string })
  subAgentEmoji?: string;
}
