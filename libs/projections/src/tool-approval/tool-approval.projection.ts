import { assertNever } from '@app/contracts/assert-never';
import { fromToolApprovalStreamName, isToolApprovalEvent, TOOL_APPROVAL_EVENT_TYPES } from '@app/contracts/events/tool-approval.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { waitingForOf, type ToolApprovalDocument, type ToolApprovalEntry } from '@app/contracts/read-models/tool-approval.read-models';
import type { Projection } from '../projection';

/** The approvals each agent message asked for, so the blocked-actions listing reads no stream. */
export const toolApprovalProjection: Projection<ToolApprovalDocument> = {
  ...READ_MODELS.toolApprovals,
  indexes: ['workspaceId', 'waitingFor'],
  canHandle: TOOL_APPROVAL_EVENT_TYPES,
  documentIds: (event) => {
    const messageId = fromToolApprovalStreamName(event.streamName);
    return messageId === null ? [] : [messageId];
  },
  evolve(doc, event) {
    if (!isToolApprovalEvent(event)) return doc;
    switch (event.type) {
      case 'ToolApprovalRequested': {
        const { at: _at, ...call } = event.data;
        // A run taken over asks again for the call it waited on: the decider records it once, and so does this.
        if (doc?.entries.some((entry) => entry.call.actionId === call.actionId)) return doc;
        const base = doc ?? { workspaceId: call.workspaceId, conversationId: call.conversationId, messageId: call.messageId, entries: [], waitingFor: null };
        const entries = [...base.entries, { call, settled: null }];
        return { ...base, entries, waitingFor: waitingForOf(entries) };
      }
      case 'ToolApprovalGiven':
      case 'UserQuestionAnswered':
        return settle(doc, event.data.actionId, 'answered');
      case 'ToolApprovalExpired':
        return settle(doc, event.data.actionId, 'expired');
      default:
        return assertNever(event);
    }
  },
};

function settle(doc: ToolApprovalDocument | null, actionId: string, settled: ToolApprovalEntry['settled']): ToolApprovalDocument | null {
  if (!doc) return doc;
  const entries = doc.entries.map((entry) => (entry.call.actionId === actionId ? { ...entry, settled } : entry));
  return { ...doc, entries, waitingFor: waitingForOf(entries) };
}
