import { ERROR_STATUS, type ErrorEnvelope, type ErrorType } from '@app/contracts/errors';
import { DomainError } from '@app/domain/shared/domain-error';
import { ApiError } from './api-error';
import { RateLimitedError } from './rate-limited-error';
import { ProjectionLagError } from '@app/projections';
import { UnstorableEventError, WrongExpectedRevisionError } from '@app/storage';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { allowedMethods } from './route-methods';

type RequestWithId = Request & { requestId?: string };

/**
 * The one place errors become responses: `{"error": {"type", "message"}}` with the matching status.
 * Unexpected errors are logged with their stack and answered with a generic 500: no stack trace or
 * internal message ever reaches a client.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<RequestWithId>();
    const response = http.getResponse<Response>();
    const { status, type, message } = this.describe(exception, request);
    if (status >= 500) {
      this.logger.error(
        { requestId: request.requestId, err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception },
        'request failed',
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    if (status === 405) response.setHeader('Allow', allowedMethods(request).join(', '));
    if (exception instanceof RateLimitedError) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(status).json({ error: { type, message } } satisfies ErrorEnvelope);
  }

  private describe(exception: unknown, request: RequestWithId): { status: number; type: string; message: string } {
    if (exception instanceof DomainError) {
      return { ...envelope(exception.type, exception.message), ...(exception.status ? { status: exception.status } : {}) };
    }
    if (exception instanceof ApiError) {
      return { ...envelope(exception.type, exception.message), ...(exception.status ? { status: exception.status } : {}) };
    }
    if (exception instanceof ProjectionLagError) {
      return envelope('service_unavailable', 'The service is catching up with recent writes; retry in a moment.');
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return envelope('service_unavailable', 'Too many concurrent changes to the same resource; retry in a moment.');
    }
    if (exception instanceof UnstorableEventError) {
      // The door's validation should have refused this input; the log refused it instead, so nothing was written.
      this.logger.warn({ requestId: request.requestId, stream: exception.streamName, reason: exception.reason }, 'event store refused an event');
      return envelope('invalid_request_error', `The request holds data that cannot be stored: ${truncate(exception.reason, 200)}.`);
    }
    if (exception instanceof HttpException) return this.describeHttpException(exception, request);
    return envelope('internal_server_error', 'Unhandled internal server error.');
  }

  private describeHttpException(exception: HttpException, request: Request): { status: number; type: string; message: string } {
    const status = exception.getStatus();
    if (status === 404) {
      // Other methods on this path mean a wrong method (405); a route for this very method that
      // answered 404 itself (Swagger UI's /docs/LICENSE) is a plain not found.
      const allowed = allowedMethods(request);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return { status: 405, type: 'method_not_supported_error', message: `The method ${request.method} is not supported on this path.` };
      }
      return { status: 404, type: 'not_found', message: `No route for ${request.method} ${request.path}.` };
    }
    if (status === 413) return envelope('content_too_large', 'The request body is too large.');
    if (status === 400) return envelope('invalid_request_error', `Invalid request body: ${validationMessage(exception)}`);
    if (status === 429) return envelope('rate_limit_error', 'Too many requests.');
    if (status >= 500) return envelope('internal_server_error', 'Unhandled internal server error.');
    return { status, type: 'invalid_request_error', message: exception.message };
  }
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

function envelope(type: ErrorType, message: string): { status: number; type: string; message: string } {
  return { status: ERROR_STATUS[type], type, message };
}

function validationMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = body.message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string') return message;
  }
  return exception.message;
}
