/**
 * How long a model provider asks its caller to wait before trying again, in milliseconds. OpenAI,
 * Anthropic and Mistral say it in headers (`retry-after-ms`, or `retry-after` in seconds or as an
 * HTTP date); Google says it in its error body, as a `google.rpc.RetryInfo` entry of `details`
 * whose `retryDelay` is a protobuf Duration ("43s", "1.5s").
 */

const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';

/** The delay the headers ask for; undefined when they name none (or one in the past). */
export function retryDelayFromHeaders(headers: Readonly<Record<string, string | undefined>> | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.round(milliseconds);
  const retryAfter = headers['retry-after'];
  if (retryAfter === undefined) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const at = Date.parse(retryAfter);
  return Number.isFinite(at) && at >= now ? at - now : undefined;
}

/**
 * The delay a Google error asks for: `error` is the error object (`{ code, message, status,
 * details }`), its envelope (`{ error: … }`) or that envelope's JSON text.
 */
export function retryDelayFromGoogleError(error: unknown): number | undefined {
  const parsed = typeof error === 'string' ? parseJson(error) : error;
  const object = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : parsed;
  if (!isRecord(object) || !Array.isArray(object.details)) return undefined;
  for (const detail of object.details) {
    if (isRecord(detail) && detail['@type'] === RETRY_INFO_TYPE && typeof detail.retryDelay === 'string') {
      return durationMs(detail.retryDelay);
    }
  }
  return undefined;
}

/** A protobuf Duration in its JSON form: decimal seconds and an `s`. */
function durationMs(duration: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(duration.trim());
  return match === null ? undefined : Math.round(Number.parseFloat(match[1]) * 1000);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
