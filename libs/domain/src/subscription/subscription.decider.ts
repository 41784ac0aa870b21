import { assertNever } from '@app/contracts/assert-never';
import { toSubscriptionStreamName, type DeliveryAttempt, type SubscriptionEvent } from '@app/contracts/events/subscription.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { SubscriptionCommand } from './subscription.commands';
import type { SubscriptionState } from './subscription.state';

const notFound = () => new DomainError('not_found', 'The subscription you requested was not found.');

/** One subscription; its sId comes with the stream id. */
function decideFor(subscriptionId: string) {
  return (command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] => {
    if (command.type === 'CreateSubscription') {
      if (state.status !== 'none') return [];
      const { workspaceId, url, events, filters, sealedSecret, startAfterPosition, createdBy, now } = command;
      return [{ type: 'SubscriptionCreated', data: { workspaceId, subscriptionId, url, events, filters, sealedSecret, startAfterPosition, createdBy, at: now } }];
    }
    const workspaceId = state.workspaceId;
    if (workspaceId === null || state.status === 'none' || state.status === 'deleted') throw notFound();
    switch (command.type) {
      case 'PauseSubscription': {
        if (state.status === 'paused') return [];
        const reason = command.by === 'admin' ? { by: 'admin' as const } : { by: 'delivery_failures' as const, message: command.message ?? 'Deliveries kept failing.' };
        return [{ type: 'SubscriptionPaused', data: { workspaceId, subscriptionId, reason, at: command.now } }];
      }
      case 'ResumeSubscription':
        return state.status === 'paused' ? [{ type: 'SubscriptionResumed', data: { workspaceId, subscriptionId, at: command.now } }] : [];
      case 'DeleteSubscription':
        return [{ type: 'SubscriptionDeleted', data: { workspaceId, subscriptionId, at: command.now } }];
      case 'RecordDelivery': {
        // An acknowledgment of an event the checkpoint has passed (a redelivery after a replay raced it) is still history.
        const { deliveryId, position, kind, outcome, statusCode, error, attempt, durationMs, now } = command;
        return [
          {
            type: 'SubscriptionDeliveryRecorded',
            data: { workspaceId, subscriptionId, deliveryId, position, kind, outcome, statusCode, error, attempt, durationMs, at: now },
          },
        ];
      }
      case 'ClaimDelivery': {
        const { lease } = state;
        if (state.status !== 'active' || (lease && lease.delivererId !== command.delivererId && lease.until > command.now)) return [];
        const { delivererId, leaseUntil, now } = command;
        return [{ type: 'SubscriptionDeliveryClaimed', data: { workspaceId, subscriptionId, delivererId, leaseUntil, at: now } }];
      }
      case 'ReplaySubscription':
        if (command.afterPosition < 0) throw new DomainError('invalid_request_error', 'A replay starts at a position of the log (0 or more).');
        return [{ type: 'SubscriptionReplayRequested', data: { workspaceId, subscriptionId, afterPosition: command.afterPosition, at: command.now } }];
      default:
        return assertNever(command);
    }
  };
}

function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionCreated':
      return { ...initialState(), workspaceId: event.data.workspaceId, status: 'active', checkpoint: event.data.startAfterPosition };
    case 'SubscriptionPaused':
      return { ...state, status: 'paused' };
    case 'SubscriptionResumed':
      // A resumed subscription gets a fresh retry window.
      return { ...state, status: 'active', failing: null };
    case 'SubscriptionDeleted':
      return { ...state, status: 'deleted' };
    case 'SubscriptionDeliveryRecorded':
      return afterDelivery(state, event.data);
    case 'SubscriptionReplayRequested':
      return { ...state, checkpoint: event.data.afterPosition, replays: state.replays + 1, failing: null };
    case 'SubscriptionDeliveryClaimed':
      return { ...state, lease: { delivererId: event.data.delivererId, until: event.data.leaseUntil } };
    default:
      return assertNever(event);
  }
}

/** An acknowledgment moves the checkpoint and ends the failures; a failure past the checkpoint adds to its event's failures. */
function afterDelivery(state: SubscriptionState, attempt: DeliveryAttempt & { readonly at: number }): SubscriptionState {
  if (attempt.outcome === 'delivered') {
    if (attempt.position <= state.checkpoint) return state;
    const failing = state.failing && state.failing.position > attempt.position ? state.failing : null;
    return { ...state, checkpoint: attempt.position, failing };
  }
  if (attempt.position <= state.checkpoint) return state;
  const same = state.failing?.position === attempt.position ? state.failing : null;
  const since = same ? same.since : attempt.at - attempt.durationMs;
  return { ...state, failing: { position: attempt.position, since, attempts: attempt.attempt, lastAt: attempt.at } };
}

const initialState = (): SubscriptionState => ({ workspaceId: null, status: 'none', checkpoint: 0, replays: 0, lease: null, failing: null });

/** The decider of one subscription. */
export function subscriptionDecider(subscriptionId: string): Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> {
  return { decide: decideFor(subscriptionId), evolve, initialState };
}

/** The subscription aggregate, by subscription sId. */
export function subscriptionAggregate(subscriptionId: string): Aggregate<SubscriptionCommand, SubscriptionEvent, SubscriptionState> {
  return { decider: subscriptionDecider(subscriptionId), streamName: toSubscriptionStreamName };
}
