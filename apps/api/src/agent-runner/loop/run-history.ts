import type { ReasoningBlockMetadata } from '@app/contracts/events/agent-run.events';
import type { AssistantContent, ModelMessage, ProviderMetadata, ToolContent } from 'ai';
import type { ToolCallResult } from '../tools/tool-registry.port';
import { blocksToText } from './registry-tool-set';

/**
 * What a run produced before it was taken over by another runner, in the order it happened: the
 * model's text and reasoning, its tool calls, and the results already fed back to it.
 */
export type RunHistoryEntry =
  | { readonly kind: 'text'; readonly step: number; readonly text: string }
  /** `providerMetadata`: what the provider must get back with it (see replayedReasoningMetadata). */
  | { readonly kind: 'reasoning'; readonly step: number; readonly text: string; readonly providerMetadata?: ProviderMetadata }
  | { readonly kind: 'call'; readonly step: number; readonly callId: string; readonly name: string; readonly input: unknown }
  | {
      readonly kind: 'result';
      readonly step: number;
      readonly callId: string;
      readonly name: string;
      readonly input: unknown;
      readonly result: ToolCallResult;
      readonly durationMs: number;
      readonly serverId: string | null;
      readonly serverName: string | null;
    };

/**
 * The provider's data on a reasoning block that is sent back with it after a takeover, or undefined
 * when the block is not. Anthropic signs each thinking block and, with thinking on, refuses a
 * tool_use turn without its signed thinking: the signature (or a redacted block's data) travels with
 * the text and is kept. Other providers' reasoning refers to their own stored response and items by
 * id (OpenAI's reasoning items must be followed by their calls' items), which a takeover cannot
 * rebuild, so theirs stays out.
 */
export function replayedReasoningMetadata(providerMetadata: ProviderMetadata): ProviderMetadata | undefined {
  const anthropic = providerMetadata.anthropic;
  if (anthropic === undefined || (typeof anthropic.signature !== 'string' && typeof anthropic.redactedData !== 'string')) return undefined;
  return { anthropic };
}

/** The history with each step's reasoning entries given, in order, that step's recorded blocks' data. */
export function withReasoningMetadata(history: readonly RunHistoryEntry[], blocks: readonly ReasoningBlockMetadata[]): RunHistoryEntry[] {
  const seen = new Map<number, number>();
  return history.map((entry) => {
    if (entry.kind !== 'reasoning') return entry;
    const index = seen.get(entry.step) ?? 0;
    seen.set(entry.step, index + 1);
    const block = blocks.filter((candidate) => candidate.step === entry.step)[index];
    return block === undefined ? entry : { ...entry, providerMetadata: block.providerMetadata as ProviderMetadata };
  });
}

/**
 * The history as the model messages that follow the prompt: per step, the assistant's reasoning the
 * provider must get back (see replayedReasoningMetadata), text and tool calls, then the tool results.
 */
export function historyMessages(history: readonly RunHistoryEntry[]): ModelMessage[] {
  const steps = [...new Set(history.map((entry) => entry.step))].sort((a, b) => a - b);
  return steps.flatMap((step): ModelMessage[] => {
    const entries = history.filter((entry) => entry.step === step);
    const assistant: Exclude<AssistantContent, string> = entries.flatMap((entry): Exclude<AssistantContent, string> => {
      if (entry.kind === 'text') return [{ type: 'text' as const, text: entry.text }];
      if (entry.kind === 'reasoning' && entry.providerMetadata !== undefined) {
        return [{ type: 'reasoning' as const, text: entry.text, providerOptions: entry.providerMetadata }];
      }
      if (entry.kind === 'call') return [{ type: 'tool-call' as const, toolCallId: entry.callId, toolName: entry.name, input: entry.input ?? {} }];
      return [];
    });
    const results: ToolContent = entries.flatMap((entry): ToolContent => {
      if (entry.kind !== 'result') return [];
      const text = entry.result.ok ? blocksToText(entry.result.output) : (entry.result.error?.message ?? blocksToText(entry.result.output));
      const output = entry.result.ok ? { type: 'text' as const, value: text } : { type: 'error-text' as const, value: text };
      return [{ type: 'tool-result' as const, toolCallId: entry.callId, toolName: entry.name, output }];
    });
    const messages: ModelMessage[] = [];
    if (assistant.length > 0) messages.push({ role: 'assistant', content: assistant });
    if (results.length > 0) messages.push({ role: 'tool', content: results });
    return messages;
  });
}
