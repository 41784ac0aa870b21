import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PUBLIC_EVENT_KINDS, type PublicEventKind, type SubscriptionPauseReason } from '../../events/subscription.events';
import type {
  CreatedSubscriptionEnvelope,
  ListSubscriptionDeliveriesResponse,
  ListSubscriptionsResponse,
  ReplaySubscriptionResponse,
  Subscription,
  SubscriptionDelivery,
  SubscriptionEnvelope,
} from '../subscription.types';
import { EPOCH_MS } from './schema-shapes';

class SubscriptionFiltersSchema {
  @ApiProperty({ type: [String], example: ['vlt_3kq9Zb1Lm0Xa'], description: 'Only events of these spaces; empty: every space.' }) spaceIds!: string[];
  @ApiProperty({ type: [String], example: [], description: 'Only events of these agents; empty: every agent.' }) agentIds!: string[];
}

@ApiSchema({ name: 'Subscription' })
export class SubscriptionSchema implements Subscription {
  @ApiProperty({ example: 'sub_3kq9Zb1Lm0Xa' }) sId!: string;
  @ApiProperty({ example: 'https://hooks.example.com/dust' }) url!: string;
  @ApiProperty({ enum: PUBLIC_EVENT_KINDS, isArray: true, example: ['message.posted'] }) events!: PublicEventKind[];
  @ApiProperty({ type: SubscriptionFiltersSchema }) filters!: SubscriptionFiltersSchema;
  @ApiProperty({ enum: ['active', 'paused'], example: 'active' }) status!: 'active' | 'paused';
  @ApiProperty({
    type: 'object',
    nullable: true,
    properties: { by: { type: 'string', enum: ['admin', 'delivery_failures'] }, message: { type: 'string' } },
    required: ['by'],
    example: null,
    description: 'Why deliveries stopped: an admin paused the subscription, or deliveries failed for too long (with the last failure).',
  })
  pauseReason!: SubscriptionPauseReason | null;
  @ApiProperty({ ...EPOCH_MS, example: 1_767_225_600_000 }) createdAt!: number;
  @ApiProperty({ ...EPOCH_MS, example: 1_767_225_600_000 }) updatedAt!: number;
}

@ApiSchema({ name: 'SubscriptionEnvelope' })
export class SubscriptionEnvelopeSchema implements SubscriptionEnvelope {
  @ApiProperty({ type: SubscriptionSchema }) subscription!: SubscriptionSchema;
}

@ApiSchema({ name: 'CreatedSubscriptionEnvelope' })
export class CreatedSubscriptionEnvelopeSchema implements CreatedSubscriptionEnvelope {
  @ApiProperty({ type: SubscriptionSchema }) subscription!: SubscriptionSchema;
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'The signing secret (Standard Webhooks): shown only in this answer.' })
  secret!: string;
}

@ApiSchema({ name: 'ListSubscriptionsResponse' })
export class ListSubscriptionsResponseSchema implements ListSubscriptionsResponse {
  @ApiProperty({ type: [SubscriptionSchema] }) subscriptions!: SubscriptionSchema[];
}

@ApiSchema({ name: 'SubscriptionDelivery' })
export class SubscriptionDeliverySchema implements SubscriptionDelivery {
  @ApiProperty({ example: 'msg_412_sub_3kq9Zb1Lm0Xa', description: 'The webhook-id: the same on every attempt and replay of this event.' }) deliveryId!: string;
  @ApiProperty({ enum: PUBLIC_EVENT_KINDS, example: 'message.posted' }) type!: PublicEventKind;
  @ApiProperty({ enum: ['delivered', 'failed'], example: 'delivered' }) outcome!: 'delivered' | 'failed';
  @ApiProperty({ type: 'integer', nullable: true, example: 200, description: 'Null when no answer arrived.' }) statusCode!: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) error!: string | null;
  @ApiProperty({ example: 1 }) attempt!: number;
  @ApiProperty({ example: 38 }) durationMs!: number;
  @ApiProperty({ ...EPOCH_MS, example: 1_767_225_600_000 }) at!: number;
}

@ApiSchema({ name: 'ListSubscriptionDeliveriesResponse' })
export class ListSubscriptionDeliveriesResponseSchema implements ListSubscriptionDeliveriesResponse {
  @ApiProperty({ type: [SubscriptionDeliverySchema], description: 'Most recent first.' }) deliveries!: SubscriptionDeliverySchema[];
}

@ApiSchema({ name: 'ReplaySubscriptionResponse' })
export class ReplaySubscriptionResponseSchema implements ReplaySubscriptionResponse {
  @ApiProperty({ type: SubscriptionSchema }) subscription!: SubscriptionSchema;
  @ApiProperty({ example: 411, description: 'Deliveries start again after this log position.' }) afterPosition!: number;
}
