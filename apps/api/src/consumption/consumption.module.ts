import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { ConsumptionBudgets } from './consumption-budgets';
import { ConsumptionController } from './consumption.controller';
import { GetConversationConsumptionHandler, GetWorkspaceConsumptionHandler, ListConsumptionBudgetsHandler } from './consumption.queries';
import { SetConsumptionBudgetHandler } from './set-consumption-budget.command';

/** The cost ledger's routes (the ledger itself is a projection of the model calls runs record). */
@Module({
  imports: [ConversationsModule],
  controllers: [ConsumptionController],
  providers: [ConsumptionBudgets, GetConversationConsumptionHandler, GetWorkspaceConsumptionHandler, ListConsumptionBudgetsHandler, SetConsumptionBudgetHandler],
})
export class ConsumptionModule {}
