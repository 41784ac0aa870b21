import type { TriggerDocument, TriggerWebhookRequestDocument } from '@app/contracts/read-models/trigger.read-models';
import type { ScheduleConfig } from '@app/contracts/events/trigger.events';
import type { TriggerView, WebhookRequestView } from '@app/contracts/http/trigger.types';
import { nextDueAt } from '@app/domain/trigger/schedule';

/** The path of a webhook trigger's hook (its last segment is the secret). */
export function hookPath(workspaceId: string, triggerId: string, urlSecret: string): string {
  return `/api/v1/w/${workspaceId}/triggers/hooks/${triggerId}/${urlSecret}`;
}

/** A trigger on the wire; `nextRunAt` is the first instant after both `now` and the latest one claimed. */
export function renderTrigger(doc: TriggerDocument, viewerId: string | null, now: number, hookUrl?: string): TriggerView {
  return {
    id: doc.id,
    sId: doc.sId,
    name: doc.name,
    agentConfigurationId: doc.agentConfigurationId,
    editor: doc.editor,
    customPrompt: doc.customPrompt,
    status: doc.status,
    createdAt: doc.createdAt,
    naturalLanguageDescription: doc.naturalLanguageDescription,
    origin: 'user',
    kind: doc.kind,
    configuration: doc.configuration,
    executionPerDayLimitOverride: doc.executionPerDayLimit,
    webhook: doc.webhook && { ...doc.webhook, ...(hookUrl ? { url: hookUrl } : {}) },
    lastRunAt: doc.lastDueAt,
    nextRunAt: doc.kind === 'schedule' && doc.status === 'enabled' ? nextDueAt(doc.configuration as ScheduleConfig, Math.max(now, doc.lastDueAt ?? 0)) : null,
    isEditor: viewerId === doc.editor,
  };
}

export function renderWebhookRequest(doc: TriggerWebhookRequestDocument): WebhookRequestView {
  return {
    id: doc.sId,
    timestamp: doc.receivedAt,
    status: doc.outcome,
    eventName: doc.eventName,
    conversationId: doc.conversationId,
    error: doc.error,
    payload: { body: doc.payload },
  };
}
