import type { ReadinessResponse } from '@app/contracts/http/health.types';
import { ApiError, apiErrorOf, NETWORK_ERROR } from './api-error';

/**
 * `GET /readyz`, read as a load balancer reads it: its body is the same shape whether it answers
 * 200 (ready) or 503 (unavailable), and a 503 is the very answer the status page must show, which
 * the ApiClient would turn into an error. So this reads the response itself.
 */
export class ReadinessApi {
  constructor(private readonly fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {}

  async read(options: { readonly signal?: AbortSignal } = {}): Promise<ReadinessResponse> {
    let response: Response;
    try {
      response = await this.fetchImpl('/readyz', { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached. Check the connection and try again.');
    }
    const body: unknown = await response.json().catch(() => null);
    if ((response.status === 200 || response.status === 503) && isReadiness(body)) return body;
    throw apiErrorOf(response.status, body);
  }
}

function isReadiness(body: unknown): body is ReadinessResponse {
  return typeof body === 'object' && body !== null && 'status' in body && 'projector' in body;
}
