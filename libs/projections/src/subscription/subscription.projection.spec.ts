import type { SubscriptionEvent } from '@app/contracts/events/subscription.events';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { subscriptionDeliveryProjection } from './subscription-delivery.projection';
import { subscriptionProjection } from './subscription.projection';

const at = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';
const subscriptionId = 'sub_one';
const recorded = (event: SubscriptionEvent, revision: number) => recordedOn(`subscription-${subscriptionId}`, event, revision + 1, at);

const created = recorded(
  {
    type: 'SubscriptionCreated',
    data: {
      workspaceId,
      subscriptionId,
      url: 'https://hooks.example.com/in',
      events: ['message.posted', 'file.ready'],
      filters: { spaceIds: [], agentIds: ['Ag3nt00001'] },
      sealedSecret: 'v1.iv.tag.sealed',
      startAfterPosition: 0,
      createdBy: null,
      at,
    },
  },
  0,
);
const paused = recorded({ type: 'SubscriptionPaused', data: { workspaceId, subscriptionId, reason: { by: 'delivery_failures', message: 'HTTP 503' }, at: at + 5 } }, 1);
const resumed = recorded({ type: 'SubscriptionResumed', data: { workspaceId, subscriptionId, at: at + 7 } }, 2);
const deleted = recorded({ type: 'SubscriptionDeleted', data: { workspaceId, subscriptionId, at: at + 9 } }, 3);

describe('subscription projection', () => {
  it('records a new subscription as active', () => {
    expect(project(subscriptionProjection, [created]).get(subscriptionId)).toMatchObject({
      id: 1,
      sId: subscriptionId,
      workspaceId,
      events: ['message.posted', 'file.ready'],
      filters: { spaceIds: [], agentIds: ['Ag3nt00001'] },
      status: 'active',
      pauseReason: null,
    });
  });

  it('shows why a subscription is paused until it is resumed, and forgets a deleted one', () => {
    expect(project(subscriptionProjection, [created, paused]).get(subscriptionId)).toMatchObject({
      status: 'paused',
      pauseReason: { by: 'delivery_failures', message: 'HTTP 503' },
      updatedAt: at + 5,
    });
    expect(project(subscriptionProjection, [created, paused, resumed]).get(subscriptionId)).toMatchObject({ status: 'active', pauseReason: null });
    expect(project(subscriptionProjection, [created, paused, deleted]).size).toBe(0);
    expect(project(subscriptionProjection, [created, paused, paused])).toEqual(project(subscriptionProjection, [created, paused]));
  });
});

describe('subscription delivery projection', () => {
  it('keeps every attempt with its status code and timing, and leaves the subscription as it was', () => {
    const attempt = (outcome: 'delivered' | 'failed', statusCode: number, revision: number) =>
      recorded(
        {
          type: 'SubscriptionDeliveryRecorded',
          data: { workspaceId, subscriptionId, deliveryId: 'msg_x', position: 40, kind: 'file.ready', outcome, statusCode, error: null, attempt: revision, durationMs: 9, at },
        },
        revision,
      );
    const deliveries = project(subscriptionDeliveryProjection, [created, attempt('failed', 503, 1), attempt('delivered', 200, 2)]);
    expect([...deliveries.values()].map((doc) => [doc.outcome, doc.statusCode, doc.durationMs])).toEqual([
      ['failed', 503, 9],
      ['delivered', 200, 9],
    ]);
    expect(project(subscriptionProjection, [created, attempt('delivered', 200, 1)])).toEqual(project(subscriptionProjection, [created]));
  });
});
