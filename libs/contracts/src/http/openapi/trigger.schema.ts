import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { HmacAlgorithm, TriggerKind, TriggerOutcome, TriggerStatus } from '../../events/trigger.events';
import type {
  RedriveResponse,
  RedriveResult,
  TriggerEnvelope,
  TriggerListResponse,
  TriggerView,
  WebhookDeliveryResponse,
  WebhookRequestListResponse,
  WebhookRequestView,
} from '../trigger.types';

const OUTCOMES = ['matched', 'not_matched', 'rate_limited', 'failed'];

class TriggerWebhookSchema {
  @ApiProperty({ description: 'Whether deliveries must carry an HMAC signature of their body.' }) signed!: boolean;
  @ApiProperty({ example: 'x-signature' }) signatureHeader!: string;
  @ApiProperty({ enum: ['sha1', 'sha256', 'sha512'] }) signatureAlgorithm!: HmacAlgorithm;
  @ApiProperty({ example: 'x-event' }) eventHeader!: string;
  @ApiPropertyOptional({ description: 'The hook URL (its last segment is the secret): returned only when the trigger is created.' }) url?: string;
}

@ApiSchema({ name: 'Trigger' })
export class TriggerSchema implements TriggerView {
  @ApiProperty({ example: 512 }) id!: number;
  @ApiProperty({ example: 'trg_3kq9Zb1Lm0' }) sId!: string;
  @ApiProperty({ example: 'Morning digest' }) name!: string;
  @ApiProperty({ example: 'Ag3ntC0nf1' }) agentConfigurationId!: string;
  @ApiProperty({ example: 'Us3r000001', description: 'The member the agent runs as.' }) editor!: string;
  @ApiProperty({ type: String, nullable: true }) customPrompt!: string | null;
  @ApiProperty({ enum: ['enabled', 'disabled'] }) status!: TriggerStatus;
  @ApiProperty({ example: 1_767_225_600_000 }) createdAt!: number;
  @ApiProperty({ type: String, nullable: true }) naturalLanguageDescription!: string | null;
  @ApiProperty({ enum: ['user'] }) origin!: 'user';
  @ApiProperty({ enum: ['schedule', 'webhook'] }) kind!: TriggerKind;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { type: 'cron', cron: '0 9 * * 1-5', timezone: 'Europe/Paris' } })
  configuration!: TriggerView['configuration'];
  @ApiProperty({ example: 42, description: 'Firings allowed per UTC day.' }) executionPerDayLimitOverride!: number;
  @ApiProperty({ type: TriggerWebhookSchema, nullable: true }) webhook!: TriggerWebhookSchema | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Schedules: the latest instant claimed.' }) lastRunAt!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Schedules: the next instant due.' }) nextRunAt!: number | null;
  @ApiProperty() isEditor!: boolean;
}

@ApiSchema({ name: 'TriggerEnvelope' })
export class TriggerEnvelopeSchema implements TriggerEnvelope {
  @ApiProperty({ type: TriggerSchema }) trigger!: TriggerSchema;
}

@ApiSchema({ name: 'TriggerListResponse' })
export class TriggerListResponseSchema implements TriggerListResponse {
  @ApiProperty({ type: [TriggerSchema] }) triggers!: TriggerSchema[];
}

class WebhookRequestPayloadSchema {
  @ApiProperty({ description: 'The JSON body as delivered.' }) body!: unknown;
}

@ApiSchema({ name: 'WebhookRequest' })
export class WebhookRequestSchema implements WebhookRequestView {
  @ApiProperty({ example: 'whr_3kq9Zb1Lm0' }) id!: string;
  @ApiProperty({ example: 1_767_225_600_000 }) timestamp!: number;
  @ApiProperty({ enum: OUTCOMES }) status!: TriggerOutcome;
  @ApiProperty({ type: String, nullable: true, example: 'push' }) eventName!: string | null;
  @ApiProperty({ type: String, nullable: true }) conversationId!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: WebhookRequestPayloadSchema }) payload!: WebhookRequestPayloadSchema;
}

@ApiSchema({ name: 'WebhookRequestListResponse' })
export class WebhookRequestListResponseSchema implements WebhookRequestListResponse {
  @ApiProperty({ type: [WebhookRequestSchema] }) requests!: WebhookRequestSchema[];
}

class RedriveResultSchema implements RedriveResult {
  @ApiProperty() requestId!: string;
  @ApiProperty({ enum: OUTCOMES }) outcome!: TriggerOutcome;
  @ApiProperty({ type: String, nullable: true }) conversationId!: string | null;
}

@ApiSchema({ name: 'RedriveResponse' })
export class RedriveResponseSchema implements RedriveResponse {
  @ApiProperty() dryRun!: boolean;
  @ApiProperty({ type: String, nullable: true }) filter!: string | null;
  @ApiProperty({ type: String, nullable: true }) event!: string | null;
  @ApiProperty({ type: String, nullable: true }) customPrompt!: string | null;
  @ApiProperty({ description: 'How many deliveries matched (or would).' }) matched!: number;
  @ApiProperty({ type: [RedriveResultSchema] }) results!: RedriveResultSchema[];
}

@ApiSchema({ name: 'WebhookDeliveryResponse' })
export class WebhookDeliveryResponseSchema implements WebhookDeliveryResponse {
  @ApiProperty({ example: 'whr_3kq9Zb1Lm0' }) requestId!: string;
  @ApiProperty({ enum: OUTCOMES }) status!: TriggerOutcome;
  @ApiProperty({ type: String, nullable: true }) conversationId!: string | null;
}
