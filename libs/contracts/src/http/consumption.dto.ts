import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { CONSUMPTION_GROUP_BYS, type ConsumptionGroupBy } from './consumption.types';
import { InOrder } from './validation/in-order.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { MESSAGES, atMostCharacters, oneOf } from './validation/validation.messages';

/** Query of the workspace roll-up: the grouping, and the window (epoch ms, both inclusive) the messages' first model call falls in. */
export class ConsumptionQueryDto {
  @InOrder(IsDefined({ message: MESSAGES.required }), IsIn(CONSUMPTION_GROUP_BYS, { message: oneOf(CONSUMPTION_GROUP_BYS) }))
  @ApiProperty({ enum: CONSUMPTION_GROUP_BYS, enumName: 'ConsumptionGroupBy' })
  groupBy!: ConsumptionGroupBy;

  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { example: 1_700_000_000_000 })
  from?: number;

  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { example: 1_800_000_000_000 })
  to?: number;
}

const BUDGET_SCOPES = ['workspace', 'user'] as const;

/** Body of `POST /api/w/{wId}/consumption/budgets`: a monthly budget in credits, or null to remove it. */
export class SetConsumptionBudgetDto {
  @InOrder(IsDefined({ message: MESSAGES.required }), IsIn(BUDGET_SCOPES, { message: oneOf(BUDGET_SCOPES) }))
  @ApiProperty({ enum: BUDGET_SCOPES })
  scope!: 'workspace' | 'user';

  @ValidateIf((dto: SetConsumptionBudgetDto) => dto.scope === 'user')
  @InOrder(IsDefined({ message: 'is required when scope is "user"' }), IsString({ message: MESSAGES.string }), MaxLength(64, { message: atMostCharacters(64) }))
  @ApiPropertyOptional({ type: String, description: 'The member (user sId) a `user` budget is for.' })
  userId?: string;

  @ValidateIf((_dto: SetConsumptionBudgetDto, value: unknown) => value !== null)
  @InOrder(
    IsDefined({ message: 'is required (a whole number of credits, or null to remove the budget)' }),
    IsInt({ message: MESSAGES.integer }),
    Min(0, { message: 'must be greater than or equal to 0' }),
    Max(Number.MAX_SAFE_INTEGER, { message: 'is too large' }),
  )
  @ApiProperty({ type: 'integer', nullable: true, description: 'Credits per UTC month (1 credit = 1 micro-USD); null removes the budget.', example: 5_000_000 })
  monthlyCredits!: number | null;
}
