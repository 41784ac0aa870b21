import type { ConsumptionBudget } from '@app/contracts/http/consumption.types';
import {
  consumptionBudgetId,
  messageCredits,
  type ConsumptionBudgetDocument,
  type MessageConsumptionDocument,
} from '@app/contracts/read-models/consumption.read-models';
import { Injectable } from '@nestjs/common';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** Why a run is refused: the budget that is spent. */
export class CreditsExhaustedError extends Error {
  readonly code = 'credits_exhausted';

  constructor(readonly budget: ConsumptionBudget) {
    super(
      budget.scope === 'workspace'
        ? `The workspace has spent its monthly budget of ${budget.monthlyCredits} credits (${budget.spentCredits} spent in ${budget.month}). An admin can raise it.`
        : `You have spent your monthly budget of ${budget.monthlyCredits} credits (${budget.spentCredits} spent in ${budget.month}). An admin can raise it.`,
    );
    this.name = 'CreditsExhaustedError';
  }
}

/** The UTC month (`YYYY-MM`) of an instant. */
export function monthOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The monthly budgets of a workspace and what their scopes spent, from the budget and ledger read models. */
@Injectable()
export class ConsumptionBudgets {
  constructor(private readonly readModels: ReadModels) {}

  /** Every budget of the workspace with this month's spending. */
  async list(workspaceId: string, at: number): Promise<ConsumptionBudget[]> {
    const budgets = await this.readModels.find<ConsumptionBudgetDocument>('consumptionBudgets', { where: { workspaceId } });
    if (budgets.length === 0) return [];
    const month = monthOf(at);
    const spent = await this.monthDocs(workspaceId, month);
    return budgets.map((budget) => withSpending(budget, spent, month));
  }

  /** The first spent budget that applies to a run for `userId` (the workspace's, then the member's), or null. */
  async exhausted(workspaceId: string, userId: string | null, at: number): Promise<ConsumptionBudget | null> {
    const ids = [consumptionBudgetId(workspaceId, null), ...(userId === null ? [] : [consumptionBudgetId(workspaceId, userId)])];
    const found = await this.readModels.getMany<ConsumptionBudgetDocument>('consumptionBudgets', ids);
    if (found.size === 0) return null;
    const month = monthOf(at);
    const spent = await this.monthDocs(workspaceId, month);
    for (const id of ids) {
      const budget = found.get(id);
      if (!budget) continue;
      const figures = withSpending(budget, spent, month);
      if (figures.spentCredits >= figures.monthlyCredits) return figures;
    }
    return null;
  }

  private monthDocs(workspaceId: string, month: string): Promise<MessageConsumptionDocument[]> {
    return this.readModels.find<MessageConsumptionDocument>('consumptionLedger', { where: { workspaceId, month } });
  }
}

function withSpending(budget: ConsumptionBudgetDocument, docs: readonly MessageConsumptionDocument[], month: string): ConsumptionBudget {
  const own = budget.scope === 'user' ? docs.filter((doc) => doc.userId === budget.userId) : docs;
  return {
    scope: budget.scope,
    userId: budget.userId,
    monthlyCredits: budget.monthlyCredits,
    spentCredits: own.reduce((total, doc) => total + messageCredits(doc), 0),
    month,
  };
}
