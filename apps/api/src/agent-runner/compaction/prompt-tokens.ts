import { countTokens } from 'gpt-tokenizer';
import type { ModelMessage } from 'ai';

/**
 * Estimated size of a prompt in tokens (o200k encoding; other providers' tokenizers differ by a
 * few percent, which the threshold's margin absorbs). Only text counts: it is all prompts hold here.
 */
export function estimatePromptTokens(system: string, messages: readonly ModelMessage[]): number {
  let total = countTokens(system);
  for (const message of messages) {
    const { content } = message;
    if (typeof content === 'string') {
      total += countTokens(content);
      continue;
    }
    for (const part of content) {
      if (part.type === 'text') total += countTokens(part.text);
    }
  }
  return total;
}

/** Whether a prompt of `tokens` passes `share` (0..1] of a context window of `contextSize` tokens. */
export function exceedsContextShare(tokens: number, contextSize: number, share: number): boolean {
  return tokens > contextSize * share;
}
