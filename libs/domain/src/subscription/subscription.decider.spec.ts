import type { SubscriptionEvent } from '@app/contracts/events/subscription.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { SubscriptionCommand } from './subscription.commands';
import { subscriptionDecider } from './subscription.decider';

const now = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';
const subscriptionId = 'sub_one';
const spec = deciderSpec(subscriptionDecider(subscriptionId));
const filters = { spaceIds: ['vlt_a'], agentIds: [] };

const create: SubscriptionCommand = {
  type: 'CreateSubscription',
  workspaceId,
  url: 'https://hooks.example.com/in',
  events: ['message.posted'],
  filters,
  sealedSecret: 'v1.iv.tag.data',
  startAfterPosition: 41,
  createdBy: 'Us3r000001',
  now,
};
const created: SubscriptionEvent = {
  type: 'SubscriptionCreated',
  data: {
    workspaceId,
    subscriptionId,
    url: 'https://hooks.example.com/in',
    events: ['message.posted'],
    filters,
    sealedSecret: 'v1.iv.tag.data',
    startAfterPosition: 41,
    createdBy: 'Us3r000001',
    at: now,
  },
};
const pausedByAdmin: SubscriptionEvent = { type: 'SubscriptionPaused', data: { workspaceId, subscriptionId, reason: { by: 'admin' }, at: now + 1 } };
const deleted: SubscriptionEvent = { type: 'SubscriptionDeleted', data: { workspaceId, subscriptionId, at: now + 2 } };

describe('subscription decider', () => {
  it('creates a subscription once', () => {
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenNothing();
  });

  it('pauses a live subscription with the reason, and pausing again changes nothing', () => {
    spec.given([created]).when({ type: 'PauseSubscription', by: 'admin', message: null, now: now + 1 }).then([pausedByAdmin]);
    spec.given([created]).when({ type: 'PauseSubscription', by: 'delivery_failures', message: 'HTTP 500 for 10 minutes', now: now + 1 }).then([
      { type: 'SubscriptionPaused', data: { workspaceId, subscriptionId, reason: { by: 'delivery_failures', message: 'HTTP 500 for 10 minutes' }, at: now + 1 } },
    ]);
    spec.given([created, pausedByAdmin]).when({ type: 'PauseSubscription', by: 'admin', message: null, now: now + 2 }).thenNothing();
  });

  it('resumes only a paused subscription', () => {
    spec.given([created, pausedByAdmin]).when({ type: 'ResumeSubscription', now: now + 3 }).then([
      { type: 'SubscriptionResumed', data: { workspaceId, subscriptionId, at: now + 3 } },
    ]);
    spec.given([created]).when({ type: 'ResumeSubscription', now: now + 3 }).thenNothing();
  });

  it('refuses every change to a subscription that does not exist or was deleted', () => {
    spec.given([]).when({ type: 'DeleteSubscription', now }).thenThrows('not_found');
    spec.given([created]).when({ type: 'DeleteSubscription', now: now + 2 }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'ResumeSubscription', now: now + 3 }).thenThrows('not_found');
    spec.given([created, deleted]).when({ type: 'PauseSubscription', by: 'admin', message: null, now: now + 3 }).thenThrows('not_found');
  });

  it('moves the checkpoint past acknowledged deliveries only, and back on a replay', () => {
    const delivery = { deliveryId: 'msg_sub_one_50', position: 50, kind: 'message.posted', statusCode: 500, error: 'HTTP 500', attempt: 1, durationMs: 12 } as const;
    const failed = spec.given([created]).when({ type: 'RecordDelivery', ...delivery, outcome: 'failed', now }).events();
    expect(failed).toEqual([{ type: 'SubscriptionDeliveryRecorded', data: { workspaceId, subscriptionId, ...delivery, outcome: 'failed', at: now } }]);
    const delivered = spec.given([created]).when({ type: 'RecordDelivery', ...delivery, statusCode: 204, error: null, attempt: 2, outcome: 'delivered', now }).events();
    const decider = subscriptionDecider(subscriptionId);
    const fold = (events: readonly SubscriptionEvent[]) => events.reduce(decider.evolve, decider.initialState());
    expect(fold([created]).checkpoint).toBe(41);
    expect(fold([created, ...failed]).checkpoint).toBe(41);
    expect(fold([created, ...failed, ...delivered]).checkpoint).toBe(50);
    const replayed = spec.given([created, ...delivered]).when({ type: 'ReplaySubscription', afterPosition: 10, now }).events();
    expect(fold([created, ...delivered, ...replayed])).toMatchObject({ checkpoint: 10, replays: 1 });
    spec.given([created]).when({ type: 'ReplaySubscription', afterPosition: -1, now }).thenThrows('invalid_request_error');
  });

  it('grants the delivery lease to one replica until it runs out, and renews it for its holder', () => {
    const claim = (delivererId: string, at: number): SubscriptionCommand => ({ type: 'ClaimDelivery', delivererId, leaseUntil: at + 1_000, now: at });
    const claimedByA: SubscriptionEvent = { type: 'SubscriptionDeliveryClaimed', data: { workspaceId, subscriptionId, delivererId: 'a', leaseUntil: now + 1_000, at: now } };
    spec.given([created]).when(claim('a', now)).then([claimedByA]);
    spec.given([created, claimedByA]).when(claim('b', now + 999)).thenNothing();
    spec.given([created, claimedByA]).when(claim('a', now + 500)).then([
      { type: 'SubscriptionDeliveryClaimed', data: { workspaceId, subscriptionId, delivererId: 'a', leaseUntil: now + 1_500, at: now + 500 } },
    ]);
    // Its holder stopped renewing it: another replica takes it over.
    spec.given([created, claimedByA]).when(claim('b', now + 1_000)).then([
      { type: 'SubscriptionDeliveryClaimed', data: { workspaceId, subscriptionId, delivererId: 'b', leaseUntil: now + 2_000, at: now + 1_000 } },
    ]);
    spec.given([created, pausedByAdmin]).when(claim('a', now + 2)).thenNothing();
  });

  it('keeps the failures of the event being retried: from the first one, until it is acknowledged, replayed or resumed', () => {
    const attempt = (n: number, outcome: 'failed' | 'delivered', at: number, position = 50): SubscriptionEvent => ({
      type: 'SubscriptionDeliveryRecorded',
      data: { workspaceId, subscriptionId, deliveryId: `msg_${position}`, position, kind: 'message.posted', outcome, statusCode: 500, error: null, attempt: n, durationMs: 10, at },
    });
    const decider = subscriptionDecider(subscriptionId);
    const fold = (events: readonly SubscriptionEvent[]) => events.reduce(decider.evolve, decider.initialState());
    expect(fold([created, attempt(1, 'failed', now), attempt(2, 'failed', now + 100)]).failing).toEqual({ position: 50, since: now - 10, attempts: 2, lastAt: now + 100 });
    expect(fold([created, attempt(1, 'failed', now), attempt(2, 'delivered', now + 100)]).failing).toBeNull();
    expect(fold([created, attempt(1, 'failed', now), attempt(1, 'failed', now + 100, 60)]).failing).toMatchObject({ position: 60, since: now + 90, attempts: 1 });
    const resumed: SubscriptionEvent = { type: 'SubscriptionResumed', data: { workspaceId, subscriptionId, at: now + 200 } };
    expect(fold([created, attempt(1, 'failed', now), pausedByAdmin, resumed]).failing).toBeNull();
  });
});
