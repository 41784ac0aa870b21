import { isConsumptionBudgetSet } from '@app/contracts/events/consumption-budget.events';
import { consumptionBudgetId, type ConsumptionBudgetDocument } from '@app/contracts/read-models/consumption.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/** The monthly budgets in force: the last one set per scope; a null budget removes it. */
export const consumptionBudgetProjection: Projection<ConsumptionBudgetDocument> = {
  ...READ_MODELS.consumptionBudgets,
  indexes: [{ equal: ['workspaceId'] }],
  canHandle: ['ConsumptionBudgetSet'],
  documentIds(event) {
    if (!isConsumptionBudgetSet(event)) return [];
    return [consumptionBudgetId(event.data.workspaceId, event.data.scope === 'user' ? event.data.userId : null)];
  },
  evolve(doc, event) {
    if (!isConsumptionBudgetSet(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    const { workspaceId, scope, userId, monthlyCredits, actorId, at } = event.data;
    if (monthlyCredits === null) return null;
    return { workspaceId, scope, userId: scope === 'user' ? userId : null, monthlyCredits, setBy: actorId, setAt: at, lastPosition: event.position };
  },
};
