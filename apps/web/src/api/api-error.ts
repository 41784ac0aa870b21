import type { ErrorEnvelope } from '@app/contracts/errors';

/** A refusal of the api (its status and the envelope's type and message), or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The type the client gives a request that got no answer (offline, server down, aborted by the network). */
export const NETWORK_ERROR = 'network_error';

/** The ApiError an answer that is not a success stands for: its envelope when it has one, else a message from its status. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  if (isErrorEnvelope(body)) return new ApiError(status, body.error.type, body.error.message);
  const message = status >= 500 ? 'The server could not answer. Try again in a moment.' : `The server refused the request (HTTP ${status}).`;
  return new ApiError(status, 'unexpected_answer', message);
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'type' in error && 'message' in error && typeof error.type === 'string' && typeof error.message === 'string';
}
