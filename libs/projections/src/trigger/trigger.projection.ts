import { isTriggerEvent, type TriggerSettings } from '@app/contracts/events/trigger.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { TriggerDocument, TriggerWebhookRequestDocument } from '@app/contracts/read-models/trigger.read-models';
import type { Projection } from '../projection';

/** The settings as the read model shows them: how deliveries are checked, without any secret. */
function settingsFields(settings: TriggerSettings) {
  const { name, customPrompt, naturalLanguageDescription, status, kind, configuration, executionPerDayLimit } = settings;
  const security = settings.webhook;
  return {
    name,
    customPrompt,
    naturalLanguageDescription,
    status,
    kind,
    configuration,
    executionPerDayLimit,
    webhook: security && {
      signed: security.sealedSigningSecret !== null,
      signatureHeader: security.signatureHeader,
      signatureAlgorithm: security.signatureAlgorithm,
      eventHeader: security.eventHeader,
    },
  };
}

/** Live triggers, by agent. */
export const triggerProjection: Projection<TriggerDocument> = {
  ...READ_MODELS.triggers,
  indexes: [{ equal: ['workspaceId', 'agentConfigurationId'], sort: [{ field: 'createdAt', direction: 'asc' }] }, 'kind'],
  canHandle: ['TriggerCreated', 'TriggerUpdated', 'TriggerDeleted', 'TriggerScheduleClaimed'],
  documentIds: (event) => (isTriggerEvent(event) ? [event.data.triggerId] : []),
  evolve(doc, event) {
    if (!isTriggerEvent(event)) return doc;
    switch (event.type) {
      case 'TriggerCreated': {
        const { workspaceId, triggerId, agentConfigurationId, editor, settings, at } = event.data;
        return { id: event.position, sId: triggerId, workspaceId, agentConfigurationId, editor, ...settingsFields(settings), lastDueAt: null, createdAt: at, updatedAt: at };
      }
      case 'TriggerUpdated':
        return doc && { ...doc, ...settingsFields(event.data.settings), updatedAt: event.data.at };
      case 'TriggerScheduleClaimed':
        return doc && { ...doc, lastDueAt: event.data.dueAt };
      case 'TriggerDeleted':
        return null;
      default:
        return doc;
    }
  },
};

/** Every stored delivery with its latest outcome; they go with their trigger. */
export const triggerWebhookRequestProjection: Projection<TriggerWebhookRequestDocument> = {
  ...READ_MODELS.triggerWebhookRequests,
  indexes: [{ equal: ['triggerId'], sort: [{ field: 'receivedAt', direction: 'desc' }] }],
  canHandle: ['TriggerWebhookRequestReceived', 'TriggerWebhookRequestRedriven', 'TriggerFiringCompleted'],
  documentIds(event) {
    if (!isTriggerEvent(event)) return [];
    switch (event.type) {
      case 'TriggerWebhookRequestReceived':
      case 'TriggerWebhookRequestRedriven':
        return [event.data.requestId];
      case 'TriggerFiringCompleted':
        return event.data.requestId === null ? [] : [event.data.requestId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    if (!isTriggerEvent(event)) return doc;
    switch (event.type) {
      case 'TriggerWebhookRequestReceived': {
        const { workspaceId, triggerId, requestId, eventName, payload, outcome, at } = event.data;
        return { id: event.position, sId: requestId, workspaceId, triggerId, eventName, payload, outcome, conversationId: null, error: null, receivedAt: at, updatedAt: at };
      }
      case 'TriggerWebhookRequestRedriven':
        return doc && { ...doc, outcome: event.data.outcome, updatedAt: event.data.at };
      case 'TriggerFiringCompleted':
        return doc && { ...doc, outcome: event.data.outcome, conversationId: event.data.conversationId, error: event.data.error, updatedAt: event.data.at };
      default:
        return doc;
    }
  },
};
