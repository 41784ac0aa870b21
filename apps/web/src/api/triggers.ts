import type { CreateTriggersDto, RedriveWebhookRequestsDto, TriggerInputDto } from '@app/contracts/http/trigger.dto';
import type { RedriveResponse, TriggerEnvelope, TriggerListResponse, WebhookRequestListResponse } from '@app/contracts/http/trigger.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** An agent's triggers (`…/agent_configurations/{aId}/triggers`, private family): its editors and the admins manage them. */
export class TriggersApi {
  constructor(private readonly client: ApiClient) {}

  list(wId: string, aId: string, options?: RequestOptions): Promise<TriggerListResponse> {
    return this.client.get(`${apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}`}/triggers`, options);
  }

  /** Creates triggers; a webhook trigger's answer holds its hook URL, the only time it is given. */
  create(wId: string, aId: string, body: CreateTriggersDto): Promise<TriggerListResponse> {
    return this.client.post(`${apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}`}/triggers`, body);
  }

  /** Replaces the trigger's settings with the whole trigger given (a webhook keeps its URL, and its signing secret unless one is given). */
  update(wId: string, aId: string, tId: string, body: TriggerInputDto): Promise<TriggerEnvelope> {
    return this.client.patch(apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}/triggers/${tId}`, body);
  }

  delete(wId: string, aId: string, tId: string): Promise<unknown> {
    return this.client.delete(apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}/triggers/${tId}`);
  }

  /** The 100 latest deliveries of a webhook trigger, newest first. */
  webhookRequests(wId: string, aId: string, tId: string, options?: RequestOptions): Promise<WebhookRequestListResponse> {
    return this.client.get(`${apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}/triggers/${tId}`}/webhook_requests`, options);
  }

  /** Re-drives stored deliveries; a dry run (the default) only tells which would match. */
  redrive(wId: string, aId: string, tId: string, body: RedriveWebhookRequestsDto): Promise<RedriveResponse> {
    return this.client.post(`${apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}/triggers/${tId}`}/webhook_requests/redrive`, body);
  }
}
