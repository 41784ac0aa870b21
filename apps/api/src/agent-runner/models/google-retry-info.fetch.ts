import { retryDelayFromGoogleError } from './provider-retry-delay';

/**
 * The longest wait copied: two longer ones would hold the run past its idle limit
 * (AGENT_IDLE_TIMEOUT_MS, 90 s by default) and fail it as a timeout. Past it the SDK retries on its
 * own short backoff, and the failed message still names Google's wait (read from the body).
 */
const LONGEST_WAIT_MS = 20_000;

/**
 * Wraps the Gemini provider's `fetch` so a refusal's RetryInfo reaches the AI SDK: Google says when
 * to retry in its error body only, and the SDK's retries read `retry-after-ms` / `retry-after`
 * headers, so without this a 429 asking for 1 s is retried after the SDK's own 2 s, and one asking
 * for 10 s is retried too early, spending the retries. The delay is copied into `retry-after-ms`;
 * every other response passes as it is.
 */
export function withGoogleRetryInfo(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok || response.headers.has('retry-after-ms') || response.headers.has('retry-after')) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    // The body below is the decoded text: its former length and encoding no longer describe it.
    headers.delete('content-length');
    headers.delete('content-encoding');
    const delayMs = retryDelayFromGoogleError(text);
    if (delayMs !== undefined && delayMs <= LONGEST_WAIT_MS) headers.set('retry-after-ms', String(delayMs));
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}
