import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { GuardedFetch } from '../remote-mcp/outbound/guarded-fetch';
import { webhookSignature } from './webhook-signature';

/** How one POST to a receiver ended. */
export interface SendResult {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/**
 * Sends one signed message to a receiver through the remote MCP servers' guarded fetch: the same
 * address policy at every connection (names resolved and checked), no redirect followed, a
 * timeout and a response size limit. Only a 2xx answer is an acknowledgment.
 */
@Injectable()
export class WebhookSender {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  async send(url: string, key: Buffer, id: string, body: string): Promise<SendResult> {
    const { timeoutMs, maxResponseBytes } = this.config.subscriptions;
    const guarded = new GuardedFetch({ allowPrivateNetworks: this.config.remoteMcp.allowPrivateNetworks, maxResponseBytes });
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await guarded.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'workspace-conversation-service-webhooks',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(key, id, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is read (bounded) so that a receiver answering too much fails like one answering wrong.
      await response.arrayBuffer();
      const ok = response.status >= 200 && response.status < 300;
      return { ok, statusCode: response.status, error: ok ? null : `The receiver answered HTTP ${response.status}.`, durationMs: elapsed() };
    } catch (error) {
      const reason = guarded.refusal?.message ?? (guarded.tooLarge ? `The receiver's answer exceeds ${maxResponseBytes} bytes.` : failureOf(error, timeoutMs));
      return { ok: false, statusCode: null, error: reason, durationMs: elapsed() };
    }
  }
}

function failureOf(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `The receiver did not answer within ${timeoutMs} ms.`;
  return `The receiver could not be reached: ${(error as Error)?.message ?? String(error)}.`;
}
