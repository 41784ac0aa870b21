/**
 * What Anthropic's Messages API refuses before it answers, as its documentation states it (API
 * reference, extended thinking, tool use, vision): a request the real API would refuse is refused
 * by the fake too, with the real status and message, so a test cannot pass on a request Anthropic
 * would turn down.
 */
import { isRecord } from '../fake-openai/http-json';
import type { RecordedRequest } from '../fake-openai/scenario.types';
import type { WireRefusal } from './scripted-model.server';

const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

const blocksOf = (message: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(message.content) ? message.content.filter(isRecord) : [];

const idsOf = (blocks: Record<string, unknown>[], type: string, field: string): unknown[] =>
  blocks.filter((block) => block.type === type).map((block) => block[field]);

export function anthropicRefusal(request: RecordedRequest): WireRefusal | undefined {
  if (typeof request.headers['x-api-key'] !== 'string') return { status: 401, message: 'x-api-key header is required' };
  if (typeof request.headers['anthropic-version'] !== 'string') return { status: 400, message: 'anthropic-version: header is required' };
  const body = request.body;
  if (!isRecord(body) || !Array.isArray(body.messages)) return { status: 400, message: 'messages: Field required' };
  if (typeof body.max_tokens !== 'number') return { status: 400, message: 'max_tokens: Field required' };
  const messages = body.messages.filter(isRecord);
  return thinkingRefusal(body, messages) ?? toolResultRefusal(messages) ?? imageRefusal(messages);
}

/** Extended thinking: a budget of at least 1,024 below `max_tokens`, no temperature but 1, and the last assistant turn's thinking sent back. */
function thinkingRefusal(body: Record<string, unknown>, messages: Record<string, unknown>[]): WireRefusal | undefined {
  if (!isRecord(body.thinking) || body.thinking.type !== 'enabled') return undefined;
  const budget = body.thinking.budget_tokens;
  if (typeof budget !== 'number' || budget < 1_024) return { status: 400, message: 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024' };
  if (budget >= Number(body.max_tokens)) return { status: 400, message: '`max_tokens` must be greater than `thinking.budget_tokens`.' };
  if (body.temperature !== undefined && body.temperature !== 1) {
    return { status: 400, message: '`temperature` may only be set to 1 when thinking is enabled or in interleaved thinking mode.' };
  }
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  const turn = lastAssistant < 0 ? [] : blocksOf(messages[lastAssistant]);
  if (turn.some((block) => block.type === 'tool_use') && turn[0]?.type !== 'thinking' && turn[0]?.type !== 'redacted_thinking') {
    return {
      status: 400,
      message: `messages.${lastAssistant}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(turn[0]?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block.`,
    };
  }
  return undefined;
}

/** Every `tool_use` is answered by a `tool_result` in the very next message, and no result answers nothing. */
function toolResultRefusal(messages: Record<string, unknown>[]): WireRefusal | undefined {
  for (const [index, message] of messages.entries()) {
    const calls = message.role === 'assistant' ? idsOf(blocksOf(message), 'tool_use', 'id') : [];
    const next = messages[index + 1];
    const answered = next?.role === 'user' ? idsOf(blocksOf(next), 'tool_result', 'tool_use_id') : [];
    const unanswered = calls.filter((id) => !answered.includes(id));
    if (unanswered.length > 0) {
      return {
        status: 400,
        message: `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      };
    }
    const previous = messages[index - 1];
    const asked = previous?.role === 'assistant' ? idsOf(blocksOf(previous), 'tool_use', 'id') : [];
    const stray = message.role === 'user' ? idsOf(blocksOf(message), 'tool_result', 'tool_use_id').filter((id) => !asked.includes(id)) : [];
    if (stray.length > 0) {
      return {
        status: 400,
        message: `messages.${index}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${stray.join(', ')}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
      };
    }
  }
  return undefined;
}

/** Images are base64 (or URL) sources of the four types Claude reads. */
function imageRefusal(messages: Record<string, unknown>[]): WireRefusal | undefined {
  for (const [index, message] of messages.entries()) {
    for (const block of blocksOf(message).filter((candidate) => candidate.type === 'image')) {
      const source = isRecord(block.source) ? block.source : {};
      if (source.type === 'base64' && (!IMAGE_TYPES.has(String(source.media_type)) || typeof source.data !== 'string')) {
        return { status: 400, message: `messages.${index}.content: image source media_type must be one of image/jpeg, image/png, image/gif, image/webp` };
      }
    }
  }
  return undefined;
}
