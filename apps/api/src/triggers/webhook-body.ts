import { JSON_BODY_BOUNDS, jsonTextExcess } from '@app/contracts/http/validation/json-text-bounds';
import type { Request } from 'express';
import { ApiError } from '../common/http/api-error';

/** The largest webhook delivery accepted, as in the real product. */
export const MAX_WEBHOOK_BODY_BYTES = 2 * 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * Reads a delivery's body as sent (its bytes are what the signature covers): JSON only (415
 * otherwise), at most MAX_WEBHOOK_BODY_BYTES (413, the rest left unread), nested and sized within the
 * bounds every other body keeps (400).
 */
export async function readWebhookBody(request: Request): Promise<{ raw: Buffer; payload: unknown }> {
  if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
    throw new ApiError('invalid_request_error', 'Webhook deliveries must be JSON (Content-Type: application/json).', 415);
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks);
  const excess = jsonTextExcess(raw, JSON_BODY_BOUNDS);
  if (excess !== undefined) throw new ApiError('invalid_request_error', `The webhook payload is too deeply nested or holds too many members (${excess}).`);
  try {
    return { raw, payload: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    throw new ApiError('invalid_request_error', 'Malformed JSON in the webhook payload.');
  }
}

function tooLarge(): ApiError {
  return new ApiError('content_too_large', `Webhook deliveries are limited to ${MAX_WEBHOOK_BODY_BYTES / 1024 / 1024} MB.`);
}
