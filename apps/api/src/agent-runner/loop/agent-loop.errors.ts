import { aiSdk } from '../../common/ai-sdk';
import { retryDelayFromGoogleError, retryDelayFromHeaders } from '../models/provider-retry-delay';
import type { AgentLoopError } from './agent-loop.types';

/**
 * Turns whatever the AI SDK raised into a run error: the provider refused or could not be reached
 * (`model_provider_error`), or its response started and then broke or did not parse
 * (`model_stream_error`). Messages carry the provider's message, never the request.
 */
export function classifyModelError(error: unknown): AgentLoopError {
  const { APICallError, RetryError, StreamProviderError } = aiSdk();
  if (RetryError.isInstance(error)) {
    const classified = classifyModelError(error.lastError);
    return { ...classified, metadata: { ...classified.metadata, attempts: error.errors.length } };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status !== undefined && status >= 200 && status < 300) {
      // The provider accepted the request; the body then failed (connection cut, bad chunk).
      return {
        code: 'model_stream_error',
        message: `The model response stream broke: ${describe(error.cause ?? error)}`,
        metadata: { httpStatus: status },
      };
    }
    const retryAfterMs = retryDelayFromHeaders(error.responseHeaders) ?? retryDelayFromGoogleError(error.data ?? error.responseBody);
    return {
      code: 'model_provider_error',
      message:
        status === undefined
          ? `Could not reach the model provider: ${describe(error.cause ?? error)}`
          : `The model provider answered HTTP ${status}: ${error.message}${retryHint(retryAfterMs)}`,
      metadata: { httpStatus: status ?? null, retryable: error.isRetryable, ...retryAfterOf(retryAfterMs) },
    };
  }
  if (StreamProviderError.isInstance(error)) {
    // Only Google's error event says when to retry (RetryInfo in its details).
    const retryAfterMs = retryDelayFromGoogleError(error.data);
    return {
      code: 'model_provider_error',
      message: `The model provider reported an error: ${error.message}${retryHint(retryAfterMs)}`,
      metadata: {
        httpStatus: error.statusCode ?? null,
        retryable: error.isRetryable,
        providerErrorCode: error.code === undefined ? null : String(error.code),
        ...(error.type === undefined ? {} : { providerErrorType: error.type }),
        ...retryAfterOf(retryAfterMs),
      },
    };
  }
  if (error instanceof Error && (isStreamFailureName(error.name) || error instanceof TypeError)) {
    // Parse/validation failures of chunks, and undici's network TypeErrors ("terminated").
    return { code: 'model_stream_error', message: `The model response stream broke: ${describe(error)}`, metadata: null };
  }
  return { code: 'unexpected_error', message: `The agent run failed: ${describe(error)}`, metadata: null };
}

/** The wait the provider asked for, in the error's metadata (`retryAfterMs`), when it named one. */
function retryAfterOf(retryAfterMs: number | undefined): { retryAfterMs?: number } {
  return retryAfterMs === undefined ? {} : { retryAfterMs };
}

/** The same wait, said in the message for whoever reads it. */
function retryHint(retryAfterMs: number | undefined): string {
  return retryAfterMs === undefined ? '' : ` (the provider asks to retry in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s)`;
}

const STREAM_FAILURE_NAMES: ReadonlySet<string> = new Set([
  'AI_JSONParseError',
  'AI_TypeValidationError',
  'AI_InvalidResponseDataError',
  'AI_EmptyResponseBodyError',
  'AI_InvalidStreamPartError',
]);

function isStreamFailureName(name: string): boolean {
  return STREAM_FAILURE_NAMES.has(name);
}

/** A one-line description: the message, plus the root cause's message when it says more. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const first = firstLine(error.message);
  return cause !== undefined && !first.includes(cause.message) ? `${first} (${firstLine(cause.message)})` : first;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
