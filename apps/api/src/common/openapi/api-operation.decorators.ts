import { applyDecorators, type Type } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';

// Per-route documentation in one line per handler, so controllers stay readable. Error responses,
// security, tags and operationIds are added for every operation by describeOperations.

/**
 * Documents an operation: its summary and its 200 answer, a JSON body of `type`, or no body at all
 * when `type` is null.
 */
export function ApiSuccess(summary: string, type: Type<unknown> | null, description = type ? 'Success.' : 'Success; empty body.'): MethodDecorator {
  return applyDecorators(ApiOperation({ summary }), ApiOkResponse(type ? { type, description } : { description }));
}

/** What differs between the event streams. */
export interface EventStreamDoc {
  readonly summary: string;
  /** `type` values of the payloads the stream carries. */
  readonly payloadTypes: readonly string[];
  /** When the server ends the stream. */
  readonly ends: string;
}

/** Documents a server-sent event stream: its framing, how to resume, and what it carries. */
export function ApiEventStream(doc: EventStreamDoc): MethodDecorator {
  const description = [
    'A `text/event-stream` of unnamed events, each one line `data: {"eventId": "<stream revision>", "data": {...}}`',
    `followed by a blank line; \`data.type\` is one of ${doc.payloadTypes.map((type) => `\`${type}\``).join(', ')}.`,
    'Comment lines (`: ping`) keep the connection alive while nothing happens.',
    doc.ends,
    'To resume, reconnect with the last `eventId` seen (query `lastEventId`, or the `Last-Event-ID` header):',
    'the stream replays exactly the events after it.',
  ].join(' ');
  return applyDecorators(
    ApiOperation({ summary: doc.summary, description }),
    ApiProduces('text/event-stream'),
    ApiQuery({ name: 'lastEventId', required: false, type: String, description: 'Resume after this event id (wins over the header).' }),
    ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this event id (the standard SSE reconnection header).' }),
    ApiOkResponse({ description: 'The event stream.', schema: { type: 'string' } }),
  );
}

/** Documents an operation answering with raw text (`text/plain` or the type the resource declares). */
export function ApiRawText(summary: string, description: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary, description }),
    ApiProduces('text/plain'),
    ApiOkResponse({ description: 'The text.', content: { 'text/plain': { schema: { type: 'string' } } } }),
  );
}

/** Documents an operation answering with a file's bytes, or with a redirect (302) to a signed download URL. */
export function ApiFileContent(summary: string, description: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary, description }),
    ApiProduces('application/octet-stream'),
    ApiOkResponse({ description: 'The bytes, under the content type of the version served.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }),
    ApiResponse({ status: 302, description: 'Redirect to a signed, time-limited download URL served by this server.' }),
  );
}

/** Documents an operation whose success is 204 with no body. */
export function ApiNoContent(summary: string): MethodDecorator {
  return applyDecorators(ApiOperation({ summary }), ApiResponse({ status: 204, description: 'Success; no body.' }));
}

/** Documents an operation whose answer is a redirect (302) for a browser to follow, and no body. */
export function ApiRedirect(summary: string, description: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiResponse({ status: 302, description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } }),
  );
}
