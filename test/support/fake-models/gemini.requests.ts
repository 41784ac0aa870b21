/**
 * What the Gemini API refuses before it answers, as Google documents it (API reference, function
 * calling, thinking): a request the real API would refuse is refused by the fake too, with the
 * real status and message, so a test cannot pass on a request Google would turn down.
 */
import { isRecord } from '../fake-openai/http-json';
import type { RecordedRequest } from '../fake-openai/scenario.types';
import type { WireRefusal } from './scripted-model.server';

/** Thinking budgets the 2.5 models take (Flash and Flash-Lite up to 24,576; -1 lets the model decide). */
const MAX_THINKING_BUDGET = 24_576;

const partsOf = (content: Record<string, unknown>): Record<string, unknown>[] => (Array.isArray(content.parts) ? content.parts.filter(isRecord) : []);

export function geminiRefusal(request: RecordedRequest): WireRefusal | undefined {
  if (typeof request.headers['x-goog-api-key'] !== 'string') {
    return { status: 403, message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API." };
  }
  const body = request.body;
  if (!isRecord(body) || !Array.isArray(body.contents) || body.contents.length === 0) {
    return { status: 400, message: '* GenerateContentRequest.contents: contents is not specified' };
  }
  const contents = body.contents.filter(isRecord);
  return thinkingRefusal(body) ?? functionResponseRefusal(contents) ?? inlineDataRefusal(contents);
}

function thinkingRefusal(body: Record<string, unknown>): WireRefusal | undefined {
  const config = isRecord(body.generationConfig) && isRecord(body.generationConfig.thinkingConfig) ? body.generationConfig.thinkingConfig : undefined;
  const budget = config?.thinkingBudget;
  if (budget !== undefined && (typeof budget !== 'number' || budget < -1 || budget > MAX_THINKING_BUDGET)) {
    return { status: 400, message: `The thinking budget ${String(budget)} is invalid. Please choose a value between 0 and ${MAX_THINKING_BUDGET}.` };
  }
  return undefined;
}

/** A turn of function calls is followed by a turn answering each of them. */
function functionResponseRefusal(contents: Record<string, unknown>[]): WireRefusal | undefined {
  for (const [index, content] of contents.entries()) {
    const calls = content.role === 'model' ? partsOf(content).filter((part) => isRecord(part.functionCall)) : [];
    if (calls.length === 0) continue;
    const next = contents[index + 1];
    const responses = next === undefined ? [] : partsOf(next).filter((part) => isRecord(part.functionResponse));
    if (next !== undefined && responses.length !== calls.length) {
      return {
        status: 400,
        message: 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      };
    }
  }
  return undefined;
}

function inlineDataRefusal(contents: Record<string, unknown>[]): WireRefusal | undefined {
  for (const [index, content] of contents.entries()) {
    for (const part of partsOf(content)) {
      const inline = isRecord(part.inlineData) ? part.inlineData : undefined;
      if (inline !== undefined && (typeof inline.mimeType !== 'string' || typeof inline.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(inline.data))) {
        return { status: 400, message: `* GenerateContentRequest.contents[${index}].parts: inline_data needs a mime_type and base64 data` };
      }
    }
  }
  return undefined;
}
