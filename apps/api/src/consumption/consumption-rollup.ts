import type { ConsumptionFigures, ConsumptionGroup, ConsumptionGroupBy } from '@app/contracts/http/consumption.types';
import { messageCredits, type MessageConsumptionDocument } from '@app/contracts/read-models/consumption.read-models';

const NONE: ConsumptionFigures = { messages: 0, calls: 0, inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, costCredits: 0 };

/** Adds one agent message's ledger document to some figures. */
export function addMessage(figures: ConsumptionFigures, doc: MessageConsumptionDocument): ConsumptionFigures {
  return {
    messages: figures.messages + 1,
    calls: figures.calls + doc.calls,
    inputTokens: figures.inputTokens + doc.inputTokens,
    outputTokens: figures.outputTokens + doc.outputTokens,
    reasoningTokens: figures.reasoningTokens + doc.reasoningTokens,
    cachedInputTokens: figures.cachedInputTokens + doc.cachedInputTokens,
    costCredits: figures.costCredits + messageCredits(doc),
  };
}

/** Whether a message's first model call falls in the window (bounds inclusive, null: open). */
export function inWindow(doc: MessageConsumptionDocument, from: number | null, to: number | null): boolean {
  return (from === null || doc.firstAt >= from) && (to === null || doc.firstAt <= to);
}

/**
 * Groups ledger documents. `forkRootOf` names the conversation a fork family started from (the
 * conversation itself when it is no fork); days are UTC and come oldest first, every other
 * grouping costliest first.
 */
export function rollUp(
  docs: readonly MessageConsumptionDocument[],
  groupBy: ConsumptionGroupBy,
  forkRootOf: (conversationId: string) => string,
): { groups: ConsumptionGroup[]; total: ConsumptionFigures } {
  const groups = new Map<string | null, ConsumptionFigures>();
  let total = NONE;
  for (const doc of docs) {
    const key = keyOf(doc, groupBy, forkRootOf);
    groups.set(key, addMessage(groups.get(key) ?? NONE, doc));
    total = addMessage(total, doc);
  }
  const list = [...groups.entries()].map(([key, figures]) => ({ key, ...figures }));
  if (groupBy === 'day') list.sort((a, b) => (a.key ?? '').localeCompare(b.key ?? ''));
  else list.sort((a, b) => b.costCredits - a.costCredits || b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens) || (a.key ?? '').localeCompare(b.key ?? ''));
  return { groups: list, total };
}

function keyOf(doc: MessageConsumptionDocument, groupBy: ConsumptionGroupBy, forkRootOf: (conversationId: string) => string): string | null {
  switch (groupBy) {
    case 'user':
      return doc.userId;
    case 'agent':
      return doc.agentId;
    case 'conversation':
      return doc.conversationId;
    case 'fork':
      return forkRootOf(doc.conversationId);
    case 'day':
      return doc.day;
  }
}
