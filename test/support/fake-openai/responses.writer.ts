/**
 * The Responses API on the wire, as `@ai-sdk/openai`'s dist parses it: `response.created`,
 * `response.output_item.added` / `.done` (message, reasoning, function_call items),
 * `response.output_text.delta`, `response.reasoning_summary_part.added` /
 * `response.reasoning_summary_text.delta` / `response.reasoning_summary_part.done`,
 * `response.function_call_arguments.delta` / `.done`, `response.completed` carrying `usage`.
 */
import { noProviderErrorEvent } from '../fake-models/scenario-player';
import { DEFAULT_USAGE, splitArguments, type ScenarioResponse } from './scenario-response';
import type { CollectedAnswer, Scenario, ScenarioUsage } from './scenario.types';

function responsesUsage(usage: ScenarioUsage): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

/** Streams the scenario as Responses API events. */
export async function writeResponsesStream(out: ScenarioResponse, scenario: Scenario, model: string): Promise<void> {
  let sequence = 0;
  const emit = (type: string, fields: Record<string, unknown>): void => {
    sequence += 1;
    out.writeData(JSON.stringify({ type, sequence_number: sequence, ...fields }), type);
  };
  const responseId = `resp_${out.newId()}`;
  const createdAt = Math.floor(Date.now() / 1000);
  const base = { id: responseId, object: 'response', created_at: createdAt, model };
  emit('response.created', { response: { ...base, status: 'in_progress', output: [] } });
  emit('response.in_progress', { response: { ...base, status: 'in_progress', output: [] } });
  const output: Record<string, unknown>[] = [];
  for (const step of scenario.steps) {
    if (out.gone) return;
    const outputIndex = output.length;
    switch (step.type) {
      case 'text': {
        const itemId = `msg_${out.newId()}`;
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { type: 'message', id: itemId, status: 'in_progress', role: 'assistant', content: [] },
        });
        emit('response.content_part.added', {
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [] },
        });
        for (const [index, token] of step.tokens.entries()) {
          await out.beforeToken(step, index);
          emit('response.output_text.delta', {
            item_id: itemId,
            output_index: outputIndex,
            content_index: 0,
            delta: token,
            logprobs: [],
          });
        }
        const text = step.tokens.join('');
        emit('response.output_text.done', { item_id: itemId, output_index: outputIndex, content_index: 0, text });
        const item = {
          type: 'message',
          id: itemId,
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text, annotations: [] }],
        };
        emit('response.output_item.done', { output_index: outputIndex, item });
        output.push(item);
        break;
      }
      case 'reasoning': {
        const itemId = `rs_${out.newId()}`;
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { type: 'reasoning', id: itemId, summary: [] },
        });
        emit('response.reasoning_summary_part.added', {
          item_id: itemId,
          output_index: outputIndex,
          summary_index: 0,
          part: { type: 'summary_text', text: '' },
        });
        for (const [index, token] of step.tokens.entries()) {
          await out.beforeToken(step, index);
          emit('response.reasoning_summary_text.delta', {
            item_id: itemId,
            output_index: outputIndex,
            summary_index: 0,
            delta: token,
          });
        }
        const text = step.tokens.join('');
        emit('response.reasoning_summary_text.done', {
          item_id: itemId,
          output_index: outputIndex,
          summary_index: 0,
          text,
        });
        emit('response.reasoning_summary_part.done', {
          item_id: itemId,
          output_index: outputIndex,
          summary_index: 0,
          part: { type: 'summary_text', text },
        });
        const item = { type: 'reasoning', id: itemId, summary: [{ type: 'summary_text', text }] };
        emit('response.output_item.done', { output_index: outputIndex, item });
        output.push(item);
        break;
      }
      case 'tool-call': {
        const itemId = `fc_${out.newId()}`;
        const callId = step.callId ?? `call_${out.newId()}`;
        const pieces = splitArguments(step.args, step.argChunks);
        const fields = { type: 'function_call', id: itemId, call_id: callId, name: step.name };
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { ...fields, arguments: '', status: 'in_progress' },
        });
        for (const piece of pieces) {
          emit('response.function_call_arguments.delta', { item_id: itemId, output_index: outputIndex, delta: piece });
        }
        const args = pieces.join('');
        emit('response.function_call_arguments.done', { item_id: itemId, output_index: outputIndex, arguments: args });
        const item = { ...fields, arguments: args, status: 'completed' };
        emit('response.output_item.done', { output_index: outputIndex, item });
        output.push(item);
        break;
      }
      case 'stall':
        await out.sleep(step.ms);
        break;
      case 'disconnect':
        await out.disconnect();
        return;
      case 'malformed':
        out.writeData(step.payload ?? '{"type": "response.output_text.delta", oops', 'response.output_text.delta');
        break;
      case 'http-error':
        break; // answered before streaming started (checked by the server)
      case 'provider-error':
        return noProviderErrorEvent('OpenAI Responses');
    }
  }
  if (out.gone) return;
  emit('response.completed', {
    response: { ...base, status: 'completed', output, usage: responsesUsage(scenario.usage ?? DEFAULT_USAGE) },
  });
  out.res.end();
}

/** The `response` JSON body a non-streaming request gets; ids are drawn in output order, the response's last. */
export function responseBody(answer: CollectedAnswer, newId: () => string, model: string, created: number): unknown {
  const { text, reasoning, calls } = answer;
  const output: Record<string, unknown>[] = [];
  if (reasoning.length > 0) {
    output.push({ type: 'reasoning', id: `rs_${newId()}`, summary: [{ type: 'summary_text', text: reasoning }] });
  }
  if (text.length > 0) {
    output.push({
      type: 'message',
      id: `msg_${newId()}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
  }
  for (const call of calls) {
    output.push({
      type: 'function_call',
      id: `fc_${newId()}`,
      call_id: call.callId,
      name: call.name,
      arguments: call.args,
      status: 'completed',
    });
  }
  return {
    id: `resp_${newId()}`,
    object: 'response',
    created_at: created,
    model,
    status: 'completed',
    output,
    usage: responsesUsage(answer.usage),
  };
}
