/**
 * What Mistral's chat completions refuse before answering, as Mistral documents them (API
 * reference, function calling): a request the real API would refuse is refused by the fake too, so
 * a test cannot pass on a request Mistral would turn down.
 */
import { isRecord } from '../fake-openai/http-json';
import type { RecordedRequest } from '../fake-openai/scenario.types';
import type { WireRefusal } from './scripted-model.server';

/** Mistral's tool call ids: nine letters and digits. */
const CALL_ID = /^[a-zA-Z0-9]{9}$/;

export function mistralRefusal(request: RecordedRequest): WireRefusal | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return { status: 401, message: 'Unauthorized' };
  const body = request.body;
  if (!isRecord(body) || !Array.isArray(body.messages) || body.messages.length === 0) return { status: 422, message: 'messages: Field required' };
  return toolMessageRefusal(body.messages.filter(isRecord));
}

/** Each tool call of an assistant turn is answered by a `tool` message with its id, right after it. */
function toolMessageRefusal(messages: Record<string, unknown>[]): WireRefusal | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool' && !CALL_ID.test(String(message.tool_call_id))) {
      return { status: 400, message: `Tool call id was ${String(message.tool_call_id)} but must be a-z, A-Z, 0-9, with a length of 9.` };
    }
    const calls = message.role === 'assistant' && Array.isArray(message.tool_calls) ? message.tool_calls.filter(isRecord) : [];
    if (calls.length === 0) continue;
    const answers = messages.slice(index + 1, index + 1 + calls.length);
    const answered = calls.every((call) => answers.some((answer) => answer.role === 'tool' && answer.tool_call_id === call.id));
    if (!answered) return { status: 400, message: 'Not the same number of function calls and responses' };
  }
  return undefined;
}
