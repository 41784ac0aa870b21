/**
 * Mistral's chat completions on the wire (POST /v1/chat/completions with `stream: true`), as Mistral
 * documents them and `@ai-sdk/mistral`'s dist parses them (`mistralChatChunkSchema`): OpenAI-like
 * `chat.completion.chunk` lines, with three differences that matter here: a tool call arrives whole in
 * one delta (its 9-character id, name and all its arguments), thinking arrives as content parts
 * `{ type: "thinking", thinking: [{ type: "text", text }] }` (Magistral), and the chunk with
 * `finish_reason` carries `usage` (no separate usage chunk). Then `data: [DONE]`. Mistral has no
 * in-stream error event: its failures are HTTP errors before the stream.
 */
import { DEFAULT_USAGE } from '../fake-openai/scenario-response';
import { mistralRefusal } from './mistral.requests';
import { noProviderErrorEvent, playSteps, startEventStream, streamedRequestBody } from './scenario-player';
import type { ModelWire } from './scripted-model.server';

function errorBody(status: number, message: string): Record<string, unknown> {
  const type = status === 429 ? 'rate_limited' : status >= 500 ? 'internal_server_error' : 'invalid_request_error';
  return { object: 'error', message, type, param: null, code: String(status) };
}

/** Chat completions at `/v1`, streaming only (the api streams every run). */
export const MISTRAL_WIRE: ModelWire = {
  name: 'Mistral',
  basePath: '/v1',
  answers: (request) => request.method === 'POST' && request.path === '/v1/chat/completions',
  refuse: mistralRefusal,
  errorBody,
  async write(out, scenario, request) {
    const body = streamedRequestBody(out, request, errorBody);
    if (body === undefined) return;
    const head = { id: out.newId().replace(/\W/g, ''), object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}): void =>
      out.writeData(JSON.stringify({ ...head, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra }));
    startEventStream(out);
    chunk({ role: 'assistant', content: '' });
    let toolCalls = 0;
    const finished = await playSteps(out, scenario, {
      token: (kind, token) =>
        chunk({ content: kind === 'text' ? token : [{ type: 'thinking', thinking: [{ type: 'text', text: token }] }] }),
      toolCall: (step) => {
        const args = typeof step.args === 'string' ? step.args : JSON.stringify(step.args);
        // Mistral's call ids are 9 letters and digits, and it refuses a tool result with another id.
        const id = step.callId ?? `c${out.newId().replace(/\W/g, '')}`.slice(0, 9);
        chunk({ tool_calls: [{ id, function: { name: step.name, arguments: args }, index: toolCalls }] });
        toolCalls += 1;
      },
      malformed: (payload) => out.writeData(payload ?? '{"choices": [ oops'),
      providerError: () => noProviderErrorEvent('Mistral'),
    });
    if (!finished) return;
    const usage = scenario.usage ?? DEFAULT_USAGE;
    chunk({ content: '' }, toolCalls > 0 ? 'tool_calls' : 'stop', {
      usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens },
    });
    out.writeData('[DONE]');
    out.res.end();
  },
};
