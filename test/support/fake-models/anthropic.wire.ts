/**
 * Anthropic's Messages API on the wire (POST /v1/messages with `stream: true`), as Anthropic documents
 * it and `@ai-sdk/anthropic`'s dist parses it (`anthropicChunkSchema`): `message_start` with the input
 * usage, then per content block `content_block_start` (text, thinking, tool_use), its deltas
 * (`text_delta`, `thinking_delta` then `signature_delta`, `input_json_delta`) and `content_block_stop`,
 * then `message_delta` with `stop_reason` and the output usage, and `message_stop`. Every event is
 * named by `event:` as well as by its `type`. An `error` event ends a broken stream, or is its only
 * event when the request is refused before a message begins.
 */
import { DEFAULT_USAGE, splitArguments } from '../fake-openai/scenario-response';
import { anthropicRefusal } from './anthropic.requests';
import { playSteps, startEventStream, streamedRequestBody } from './scenario-player';
import type { ModelWire } from './scripted-model.server';

/** Anthropic's error `type` for an HTTP status (https://docs.anthropic.com/en/api/errors); others are `api_error`. */
const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

function errorType(status: number): string {
  return ERROR_TYPES[status] ?? 'api_error';
}

function errorBody(status: number, message: string): Record<string, unknown> {
  return { type: 'error', error: { type: errorType(status), message } };
}

/** The Messages API at `/v1`, streaming only (the api streams every run). */
export const ANTHROPIC_WIRE: ModelWire = {
  name: 'Anthropic',
  basePath: '/v1',
  answers: (request) => request.method === 'POST' && request.path === '/v1/messages',
  refuse: anthropicRefusal,
  errorBody,
  async write(out, scenario, request) {
    const body = streamedRequestBody(out, request, errorBody);
    if (body === undefined) return;
    const emit = (type: string, fields: Record<string, unknown>): void => out.writeData(JSON.stringify({ type, ...fields }), type);
    const usage = scenario.usage ?? DEFAULT_USAGE;
    startEventStream(out);
    const [first] = scenario.steps;
    if (first?.type === 'provider-error') {
      // Refused before a message began (an overload at once): the error is the stream's only event.
      out.writeData(JSON.stringify(errorBody(first.status, first.message ?? errorType(first.status))), 'error');
      out.res.end();
      return;
    }
    emit('message_start', {
      message: {
        id: `msg_${out.newId()}`,
        type: 'message',
        role: 'assistant',
        model: typeof body.model === 'string' ? body.model : 'claude-fake',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
      },
    });
    emit('ping', {});
    let index = -1;
    let toolUsed = false;
    const block = (contentBlock: Record<string, unknown>): void => {
      index += 1;
      emit('content_block_start', { index, content_block: contentBlock });
    };
    const delta = (fields: Record<string, unknown>): void => emit('content_block_delta', { index, delta: fields });
    const finished = await playSteps(out, scenario, {
      blockStart: (kind) => block(kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' }),
      token: (kind, token) => delta(kind === 'text' ? { type: 'text_delta', text: token } : { type: 'thinking_delta', thinking: token }),
      blockEnd: (kind) => {
        // A thinking block closes with the signature the model must be sent back with its thinking.
        if (kind === 'reasoning') delta({ type: 'signature_delta', signature: `sig_${out.newId()}` });
        emit('content_block_stop', { index });
      },
      toolCall: (step) => {
        toolUsed = true;
        block({ type: 'tool_use', id: step.callId ?? `toolu_${out.newId()}`, name: step.name, input: {} });
        delta({ type: 'input_json_delta', partial_json: '' });
        for (const piece of splitArguments(step.args, step.argChunks)) delta({ type: 'input_json_delta', partial_json: piece });
        emit('content_block_stop', { index });
      },
      malformed: (payload) => out.writeData(payload ?? '{"type": "content_block_delta", oops', 'content_block_delta'),
      // The event is the error envelope itself: `{ type: 'error', error: { type, message } }`.
      providerError: (step) => out.writeData(JSON.stringify(errorBody(step.status, step.message ?? errorType(step.status))), 'error'),
    });
    if (!finished) return;
    emit('message_delta', {
      delta: { stop_reason: toolUsed ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    });
    emit('message_stop', {});
    out.res.end();
  },
};
