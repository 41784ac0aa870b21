import type { ModelMessage } from 'ai';
import { countTokensYielding } from '../../tokenizing/bounded-tokenizer';
import { TimeSlice } from '../../tokenizing/time-slice';

/**
 * Estimated size of a prompt in tokens (o200k encoding; other providers' tokenizers differ by a
 * few percent, which the threshold's margin absorbs). Only text counts: it is all prompts hold here.
 * A prompt may hold megabytes of text: counting gives the event loop turns.
 */
export async function estimatePromptTokens(system: string, messages: readonly ModelMessage[]): Promise<number> {
  const slice = new TimeSlice();
  let total = 0;
  for (const text of promptTexts(system, messages)) total += await countTokensYielding(text, slice);
  return total;
}

/**
 * Whether a prompt passes `share` of a context window of `contextSize` tokens. A token stands for at
 * least one byte of UTF-8 text, so a prompt whose text is no more bytes than the limit is under it
 * without tokenizing (which costs about 0.2 ms for a short conversation, on the way to the model);
 * counting stops at the first text that takes the prompt past the limit.
 */
export async function promptExceedsContextShare(system: string, messages: readonly ModelMessage[], contextSize: number, share: number): Promise<boolean> {
  const texts = promptTexts(system, messages);
  if (!exceedsContextShare(texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0), contextSize, share)) return false;
  const slice = new TimeSlice();
  let tokens = 0;
  for (const text of texts) {
    tokens += await countTokensYielding(text, slice);
    if (exceedsContextShare(tokens, contextSize, share)) return true;
  }
  return false;
}

function promptTexts(system: string, messages: readonly ModelMessage[]): string[] {
  const texts = [system];
  for (const message of messages) {
    const { content } = message;
    if (typeof content === 'string') {
      texts.push(content);
      continue;
    }
    for (const part of content) {
      if (part.type === 'text') texts.push(part.text);
    }
  }
  return texts;
}

/** Whether a prompt of `tokens` passes `share` (0..1] of a context window of `contextSize` tokens. */
export function exceedsContextShare(tokens: number, contextSize: number, share: number): boolean {
  return tokens > contextSize * share;
}
