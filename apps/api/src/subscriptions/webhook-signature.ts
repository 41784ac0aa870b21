import { createHmac } from 'node:crypto';

/**
 * The Standard Webhooks signature of a message: `v1,` and the base64 HMAC-SHA256, under the
 * secret's key bytes, of `${id}.${timestamp}.${body}` (timestamp in seconds, body as sent).
 */
export function webhookSignature(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
