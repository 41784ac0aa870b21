import type { LanguageModel } from 'ai';
import { aiSdk } from '../../common/ai-sdk';

/** Marker of title requests (tests tell them apart from agent runs by it). */
export const TITLE_INSTRUCTIONS =
  'You write conversation titles. Answer with a title of at most 8 words that says what the ' +
  'conversation is about, in the language of the conversation. No quotes, no final punctuation.';

const MAX_TITLE_WORDS = 8;
const FALLBACK_TITLE_CHARS = 60;
const TITLE_TIMEOUT_MS = 15_000;

/** First characters of the user message, on one line: the title when the model gives none. */
export function fallbackTitle(userMessage: string): string {
  const oneLine = userMessage.replace(/\s+/g, ' ').trim();
  return oneLine.length <= FALLBACK_TITLE_CHARS ? oneLine : oneLine.slice(0, FALLBACK_TITLE_CHARS).trimEnd();
}

/** Cleans a model's title: one line, no surrounding quotes or final dot, at most 8 words. */
export function cleanTitle(raw: string): string {
  const firstLine = raw.trim().split('\n', 1)[0] ?? '';
  const unquoted = firstLine
    .replace(/^(title\s*:\s*)/i, '')
    .replace(/^["'“«*#\s]+|["'”»*\s]+$/g, '')
    .replace(/[.!]+$/, '')
    .trim();
  return unquoted.split(/\s+/).filter(Boolean).slice(0, MAX_TITLE_WORDS).join(' ');
}

/**
 * Asks the model that answered for a short title; any failure (no answer, error, timeout, empty
 * text) falls back to the start of the user message, so a title is always set.
 */
export async function generateConversationTitle(
  model: LanguageModel | null,
  userMessage: string,
  answer: string,
): Promise<string> {
  const fallback = fallbackTitle(userMessage);
  if (model === null) return fallback;
  try {
    const result = await aiSdk().generateText({
      model,
      instructions: TITLE_INSTRUCTIONS,
      prompt: `User message:\n${userMessage.slice(0, 4_000)}\n\nAnswer:\n${answer.slice(0, 4_000)}`,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
    });
    const title = cleanTitle(result.text);
    return title.length > 0 ? title : fallback;
  } catch {
    return fallback;
  }
}
