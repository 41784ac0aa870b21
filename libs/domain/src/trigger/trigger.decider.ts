import { assertNever } from '@app/contracts/assert-never';
import { toTriggerStreamName, type TriggerEvent, type TriggerSettings } from '@app/contracts/events/trigger.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { assertValidSchedule } from './schedule';
import type { TriggerCommand } from './trigger.commands';
import type { TriggerState } from './trigger.state';
import { parseWebhookFilter, webhookMatches } from './webhook-match';

const triggerNotFound = () => new DomainError('trigger_not_found', 'The trigger you requested was not found.');

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Firings already counted on the UTC day of `now`. */
function countedToday(state: TriggerState, now: number): number {
  return state.firingsToday.day === utcDay(now) ? state.firingsToday.count : 0;
}

function assertValidSettings(settings: TriggerSettings): void {
  if (settings.kind === 'schedule') assertValidSchedule(settings.configuration);
  else if (settings.configuration.filter !== null) parseWebhookFilter(settings.configuration.filter);
}

/** Whether a firing would start now: the cap leaves room, else it is `rate_limited`. */
function capOutcome(state: TriggerState, settings: TriggerSettings, now: number): 'matched' | 'rate_limited' {
  return countedToday(state, now) >= settings.executionPerDayLimit ? 'rate_limited' : 'matched';
}

function decideFor(triggerId: string) {
  return (command: TriggerCommand, state: TriggerState): TriggerEvent[] => {
    if (command.type === 'CreateTrigger') {
      if (state.trigger !== null || state.deleted) return [];
      assertValidSettings(command.settings);
      const { workspaceId, agentConfigurationId, editor, settings, now } = command;
      return [{ type: 'TriggerCreated', data: { workspaceId, triggerId, agentConfigurationId, editor, settings, at: now } }];
    }
    const trigger = state.trigger;
    if (trigger === null || state.deleted) throw triggerNotFound();
    const { workspaceId, settings } = trigger;
    switch (command.type) {
      case 'UpdateTrigger':
        assertValidSettings(command.settings);
        if (command.settings.kind !== settings.kind) throw new DomainError('invalid_request_error', "A trigger's kind cannot change.");
        return [{ type: 'TriggerUpdated', data: { workspaceId, triggerId, settings: command.settings, at: command.now } }];
      case 'DeleteTrigger':
        return [{ type: 'TriggerDeleted', data: { workspaceId, triggerId, at: command.now } }];
      case 'ReceiveWebhookRequest': {
        if (settings.kind !== 'webhook') throw triggerNotFound();
        if (state.requests.has(command.requestId)) return [];
        const { requestId, eventName, payload, now } = command;
        const matched = settings.status === 'enabled' && webhookMatches(settings.configuration, eventName, payload);
        const outcome = matched ? capOutcome(state, settings, now) : 'not_matched';
        return [{ type: 'TriggerWebhookRequestReceived', data: { workspaceId, triggerId, requestId, eventName, payload, outcome, at: now } }];
      }
      case 'ClaimScheduledInstant': {
        if (settings.kind !== 'schedule' || settings.status !== 'enabled') return [];
        if (state.lastDueAt !== null && state.lastDueAt >= command.dueAt) return [];
        const { firingId, dueAt, claimedBy, now } = command;
        return [{ type: 'TriggerScheduleClaimed', data: { workspaceId, triggerId, firingId, dueAt, claimedBy, outcome: capOutcome(state, settings, now), at: now } }];
      }
      case 'RedriveWebhookRequest': {
        if (settings.kind !== 'webhook' || !state.requests.has(command.requestId)) throw new DomainError('webhook_request_not_found', 'The webhook request you requested was not found.');
        const { requestId, firingId, eventName, payload, now } = command;
        const outcome = webhookMatches(settings.configuration, eventName, payload) ? capOutcome(state, settings, now) : 'not_matched';
        return [{ type: 'TriggerWebhookRequestRedriven', data: { workspaceId, triggerId, requestId, firingId, outcome, at: now } }];
      }
      case 'CompleteTriggerFiring': {
        if (!state.openFirings.has(command.firingId)) return [];
        const { firingId, requestId, conversationId, error, now } = command;
        const outcome = conversationId !== null ? 'matched' : 'failed';
        return [{ type: 'TriggerFiringCompleted', data: { workspaceId, triggerId, firingId, requestId, outcome, conversationId, error, at: now } }];
      }
      default:
        return assertNever(command);
    }
  };
}

/** A firing that starts a run counts against the day's cap and waits for its completion. */
function started(state: TriggerState, firingId: string, at: number): TriggerState {
  const day = utcDay(at);
  return {
    ...state,
    firingsToday: { day, count: countedToday(state, at) + 1 },
    openFirings: new Set(state.openFirings).add(firingId),
  };
}

function evolve(state: TriggerState, event: TriggerEvent): TriggerState {
  switch (event.type) {
    case 'TriggerCreated': {
      const { workspaceId, agentConfigurationId, editor, settings, at } = event.data;
      return { ...state, trigger: { workspaceId, agentConfigurationId, editor, settings, createdAt: at, updatedAt: at } };
    }
    case 'TriggerUpdated':
      return state.trigger ? { ...state, trigger: { ...state.trigger, settings: event.data.settings, updatedAt: event.data.at } } : state;
    case 'TriggerDeleted':
      return { ...state, deleted: true };
    case 'TriggerWebhookRequestReceived': {
      const { requestId, outcome, at } = event.data;
      const next = { ...state, requests: new Set(state.requests).add(requestId) };
      return outcome === 'matched' ? started(next, requestId, at) : next;
    }
    case 'TriggerScheduleClaimed': {
      const next = { ...state, lastDueAt: event.data.dueAt };
      return event.data.outcome === 'matched' ? started(next, event.data.firingId, event.data.at) : next;
    }
    case 'TriggerWebhookRequestRedriven':
      return event.data.outcome === 'matched' ? started(state, event.data.firingId, event.data.at) : state;
    case 'TriggerFiringCompleted': {
      const openFirings = new Set(state.openFirings);
      openFirings.delete(event.data.firingId);
      return { ...state, openFirings };
    }
    default:
      return assertNever(event);
  }
}

const initialState = (): TriggerState => ({
  trigger: null,
  deleted: false,
  lastDueAt: null,
  firingsToday: { day: '', count: 0 },
  requests: new Set(),
  openFirings: new Set(),
});

export function triggerDecider(triggerId: string): Decider<TriggerCommand, TriggerEvent, TriggerState> {
  return { decide: decideFor(triggerId), evolve, initialState };
}

/** The trigger aggregate, by trigger sId. */
export function triggerAggregate(triggerId: string): Aggregate<TriggerCommand, TriggerEvent, TriggerState> {
  return { decider: triggerDecider(triggerId), streamName: toTriggerStreamName };
}
