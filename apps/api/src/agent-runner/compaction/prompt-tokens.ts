import { countTokens } from 'gpt-tokenizer';
import type { ModelMessage } from 'ai';

/**
 * Estimated size of a prompt in tokens (o200k encoding; other providers' tokenizers differ by a
 * few percent, which the threshold's margin absorbs). Only text counts: it is all prompts hold here.
 */
export function estimatePromptTokens(system: string, messages: readonly ModelMessage[]): number {
  return sumOverTexts(system, messages, countTokens);
}

/**
 * Whether a prompt passes `share` of a context window of `contextSize` tokens. A token stands for at
 * least one byte of UTF-8 text, so a prompt whose text is no more bytes than the limit is under it
 * without tokenizing (which costs about 0.2 ms for a short conversation, on the way to the model).
 */
export function promptExceedsContextShare(system: string, messages: readonly ModelMessage[], contextSize: number, share: number): boolean {
  if (!exceedsContextShare(sumOverTexts(system, messages, Buffer.byteLength), contextSize, share)) return false;
  return exceedsContextShare(estimatePromptTokens(system, messages), contextSize, share);
}

function sumOverTexts(system: string, messages: readonly ModelMessage[], measure: (text: string) => number): number {
  let total = measure(system);
  for (const message of messages) {
    const { content } = message;
    if (typeof content === 'string') {
      total += measure(content);
      continue;
    }
    for (const part of content) {
      if (part.type === 'text') total += measure(part.text);
    }
  }
  return total;
}

/** Whether a prompt of `tokens` passes `share` (0..1] of a context window of `contextSize` tokens. */
export function exceedsContextShare(tokens: number, contextSize: number, share: number): boolean {
  return tokens > contextSize * share;
}
