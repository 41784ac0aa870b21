import { noProviderErrorEvent } from '../fake-models/scenario-player';
import { chatCompletionBody } from './chat-completions.writer';
import { sendJson } from './http-json';
import { responseBody } from './responses.writer';
import { DEFAULT_USAGE, splitArguments, type ScenarioResponse } from './scenario-response';
import type { CollectedCall, Endpoint, Scenario } from './scenario.types';

/**
 * Answers a request without `stream: true` with one JSON body holding the whole scenario; stalls,
 * disconnects and malformed payloads still apply.
 */
export async function writeNonStreaming(
  out: ScenarioResponse,
  endpoint: Endpoint,
  scenario: Scenario,
  model: string,
): Promise<void> {
  let text = '';
  let reasoning = '';
  const calls: CollectedCall[] = [];
  for (const step of scenario.steps) {
    switch (step.type) {
      case 'text':
        text += step.tokens.join('');
        break;
      case 'reasoning':
        reasoning += step.tokens.join('');
        break;
      case 'tool-call':
        calls.push({
          callId: step.callId ?? `call_${out.newId()}`,
          name: step.name,
          args: splitArguments(step.args, 1).join(''),
        });
        break;
      case 'stall':
        await out.sleep(step.ms);
        break;
      case 'disconnect':
        await out.disconnect();
        return;
      case 'malformed':
        out.res.writeHead(200, { 'content-type': 'application/json' }).end(step.payload ?? '{"choices": [');
        return;
      case 'http-error':
        break; // answered before streaming started (checked by the server)
      case 'provider-error':
        return noProviderErrorEvent('OpenAI');
    }
  }
  if (out.gone) return;
  const answer = { text, reasoning, calls, usage: scenario.usage ?? DEFAULT_USAGE };
  const created = Math.floor(Date.now() / 1000);
  const body =
    endpoint === 'chat'
      ? chatCompletionBody(answer, `chatcmpl-${out.newId()}`, model, created)
      : responseBody(answer, out.newId, model, created);
  sendJson(out.res, 200, body);
}
