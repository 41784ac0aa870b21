/**
 * Chat completions on the wire, as `@ai-sdk/openai`'s dist parses them: `data: {chat.completion.chunk}`
 * lines, `delta.content`, `delta.tool_calls[{index,id,function}]`, `delta.reasoning_content` (parsed by
 * `@ai-sdk/openai-compatible` only; `@ai-sdk/openai`'s chat model has no reasoning channel), a final
 * chunk with `finish_reason`, a usage chunk, then `data: [DONE]`.
 */
import { noProviderErrorEvent, playSteps } from '../fake-models/scenario-player';
import { DEFAULT_USAGE, splitArguments, type ScenarioResponse } from './scenario-response';
import type { CollectedAnswer, Scenario, ScenarioUsage } from './scenario.types';

function chatUsage(usage: ScenarioUsage): Record<string, unknown> {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
  };
}

/** Streams the scenario as chat completion chunks. */
export async function writeChatStream(
  out: ScenarioResponse,
  scenario: Scenario,
  model: string,
  includeUsage: boolean,
): Promise<void> {
  const id = `chatcmpl-${out.newId()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
    JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
  out.writeData(chunk({ role: 'assistant', content: '' }));
  let toolIndex = 0;
  const finished = await playSteps(out, scenario, {
    token: (kind, token) => out.writeData(chunk(kind === 'text' ? { content: token } : { reasoning_content: token })),
    toolCall: (step) => {
      const callId = step.callId ?? `call_${out.newId()}`;
      out.writeData(
        chunk({
          tool_calls: [{ index: toolIndex, id: callId, type: 'function', function: { name: step.name, arguments: '' } }],
        }),
      );
      for (const piece of splitArguments(step.args, step.argChunks)) {
        out.writeData(chunk({ tool_calls: [{ index: toolIndex, function: { arguments: piece } }] }));
      }
      toolIndex += 1;
    },
    malformed: (payload) => out.writeData(payload ?? '{"choices": [ this is not json'),
    providerError: () => noProviderErrorEvent('OpenAI chat completions'),
  });
  if (!finished) return;
  const usage = scenario.usage ?? DEFAULT_USAGE;
  out.writeData(chunk({}, toolIndex > 0 ? 'tool_calls' : 'stop'));
  if (includeUsage) {
    out.writeData(
      JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: chatUsage(usage) }),
    );
  }
  out.writeData('[DONE]');
  out.res.end();
}

/** The `chat.completion` JSON body a non-streaming request gets. */
export function chatCompletionBody(answer: CollectedAnswer, id: string, model: string, created: number): unknown {
  const { text, reasoning, calls } = answer;
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text.length > 0 ? text : null,
          ...(reasoning.length > 0 ? { reasoning_content: reasoning } : {}),
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call) => ({
                  id: call.callId,
                  type: 'function',
                  function: { name: call.name, arguments: call.args },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: chatUsage(answer.usage),
  };
}
