import type { ConsumptionBudgetDocument, MessageConsumptionDocument } from '@app/contracts/read-models/consumption.read-models';
import type { ReadModels } from '../event-sourcing/reading/read-models';
import { ConsumptionBudgets } from './consumption-budgets';

const AT = Date.UTC(2026, 11, 15);

function spent(userId: string | null, costMicroCredits: number, month = '2026-12'): MessageConsumptionDocument {
  return { workspaceId: 'w1', userId, costMicroCredits, month } as MessageConsumptionDocument;
}

function budget(userId: string | null, monthlyCredits: number): [string, ConsumptionBudgetDocument] {
  const id = userId === null ? 'w1:workspace' : `w1:user:${userId}`;
  return [id, { workspaceId: 'w1', scope: userId === null ? 'workspace' : 'user', userId, monthlyCredits, setBy: 'admin', setAt: 0, lastPosition: 1 }];
}

/** Read models holding these budgets and ledger documents (of the month asked for). */
function budgetsOver(budgets: Array<[string, ConsumptionBudgetDocument]>, docs: MessageConsumptionDocument[]): ConsumptionBudgets {
  const byId = new Map(budgets);
  const readModels = {
    getMany: async (_key: string, ids: readonly string[]) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!]] : []))),
    find: async (key: string, query: { where: { month?: string } }) =>
      key === 'consumptionBudgets' ? [...byId.values()] : docs.filter((doc) => doc.month === query.where.month),
  } as unknown as ReadModels;
  return new ConsumptionBudgets(readModels);
}

describe('consumption budgets', () => {
  const docs = [spent('alice', 600_000_000), spent('bob', 300_000_000), spent('alice', 999_000_000, '2026-11')];

  it('refuses a member whose own budget this month is spent, and no one else', async () => {
    const budgets = budgetsOver([budget('alice', 600)], docs);
    expect(await budgets.exhausted('w1', 'alice', AT)).toEqual({ scope: 'user', userId: 'alice', monthlyCredits: 600, spentCredits: 600, month: '2026-12' });
    expect(await budgets.exhausted('w1', 'bob', AT)).toBeNull();
    expect(await budgets.exhausted('w1', null, AT)).toBeNull();
  });

  it('refuses everyone once the workspace budget is spent by all its members together', async () => {
    expect(await budgetsOver([budget(null, 901)], docs).exhausted('w1', 'bob', AT)).toBeNull();
    expect(await budgetsOver([budget(null, 900)], docs).exhausted('w1', null, AT)).toMatchObject({ scope: 'workspace', spentCredits: 900 });
  });

  it('lists each budget with its scope’s spending this month', async () => {
    expect(await budgetsOver([budget(null, 5000), budget('bob', 1000)], docs).list('w1', AT)).toEqual([
      { scope: 'workspace', userId: null, monthlyCredits: 5000, spentCredits: 900, month: '2026-12' },
      { scope: 'user', userId: 'bob', monthlyCredits: 1000, spentCredits: 300, month: '2026-12' },
    ]);
  });
});
