import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { AGENT_LIST_VIEWS, type AgentListView } from './agent-configuration.types';
import { InOrder } from './validation/in-order.decorator';
import { NotBlank } from './validation/string.decorator';
import { parseDecimalInteger, parseQueryFlag } from './validation/query.transforms';
import { MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.
// A parameter left out keeps the default its field starts with.

const FLAG = { message: 'must be "true" or "false"' };

/** A `true`/`false` query parameter, false when left out. */
function QueryFlag(description?: string): PropertyDecorator {
  return InOrder(IsBoolean(FLAG), Transform(parseQueryFlag), ApiPropertyOptional({ type: Boolean, default: false, description }));
}

/** Query of the agent list: `view` (default `all`) and the `with*` enrichments. */
export class AgentListQueryDto {
  @ApiPropertyOptional({ enum: AGENT_LIST_VIEWS, enumName: 'AgentListView', default: 'all' })
  @IsIn(AGENT_LIST_VIEWS, { message: oneOf(AGENT_LIST_VIEWS) })
  view: AgentListView = 'all';

  @QueryFlag('Adds `lastAuthors`.')
  withAuthors = false;

  @QueryFlag('Adds `usage`.')
  withUsage = false;

  @QueryFlag('Adds `feedbacks`.')
  withFeedbacks = false;

  @QueryFlag('Adds `editors`.')
  withEditors = false;
}

/** Query of one agent: `variant` (default `light`) and `includeArchived`. */
export class AgentConfigurationQueryDto {
  @ApiPropertyOptional({ enum: ['light', 'full'], default: 'light' })
  @IsIn(['light', 'full'], { message: oneOf(['light', 'full']) })
  variant: 'light' | 'full' = 'light';

  @QueryFlag()
  includeArchived = false;
}

/** Query of the agent search: `q`, a part of the name. */
export class AgentSearchQueryDto {
  @ApiProperty({ type: String, example: 'helper' })
  @IsDefined({ message: MESSAGES.required })
  @NotBlank()
  @IsString({ message: MESSAGES.string })
  q!: string;
}

/** Most versions the history answers with (and its default). */
export const AGENT_HISTORY_LIMIT_MAX = 1000;

/** Query of an agent's history: `limit`, a decimal integer between 1 and 1000 (default 1000). */
export class AgentHistoryQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: AGENT_HISTORY_LIMIT_MAX, default: AGENT_HISTORY_LIMIT_MAX })
  @Transform(parseDecimalInteger)
  @Max(AGENT_HISTORY_LIMIT_MAX, { message: `must be an integer between 1 and ${AGENT_HISTORY_LIMIT_MAX}` })
  @Min(1, { message: `must be an integer between 1 and ${AGENT_HISTORY_LIMIT_MAX}` })
  @IsInt({ message: `must be an integer between 1 and ${AGENT_HISTORY_LIMIT_MAX}` })
  limit: number = AGENT_HISTORY_LIMIT_MAX;
}

/** Most days an agent's daily usage covers. */
export const AGENT_DAILY_USAGE_DAYS_MAX = 90;

/** Query of an agent's daily usage: `days`, how many days up to today (UTC), 1 to 90 (default 30). */
export class AgentDailyUsageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: AGENT_DAILY_USAGE_DAYS_MAX, default: 30 })
  @Transform(parseDecimalInteger)
  @Max(AGENT_DAILY_USAGE_DAYS_MAX, { message: `must be an integer between 1 and ${AGENT_DAILY_USAGE_DAYS_MAX}` })
  @Min(1, { message: `must be an integer between 1 and ${AGENT_DAILY_USAGE_DAYS_MAX}` })
  @IsInt({ message: `must be an integer between 1 and ${AGENT_DAILY_USAGE_DAYS_MAX}` })
  days: number = 30;
}
