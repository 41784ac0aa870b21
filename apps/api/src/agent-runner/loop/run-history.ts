import type { AssistantContent, ModelMessage, ToolContent } from 'ai';
import type { ToolCallResult } from '../tools/tool-registry.port';
import { blocksToText } from './registry-tool-set';

/**
 * What a run produced before it was taken over by another runner, in the order it happened: the
 * model's text and reasoning, its tool calls, and the results already fed back to it.
 */
export type RunHistoryEntry =
  | { readonly kind: 'text' | 'reasoning'; readonly step: number; readonly text: string }
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
 * The history as the model messages that follow the prompt: per step, the assistant's text and tool
 * calls, then the tool results. Reasoning stays out (providers tie it to their own response ids).
 */
export function historyMessages(history: readonly RunHistoryEntry[]): ModelMessage[] {
  const steps = [...new Set(history.map((entry) => entry.step))].sort((a, b) => a - b);
  return steps.flatMap((step): ModelMessage[] => {
    const entries = history.filter((entry) => entry.step === step);
    const assistant: Exclude<AssistantContent, string> = entries.flatMap((entry): Exclude<AssistantContent, string> => {
      if (entry.kind === 'text') return [{ type: 'text' as const, text: entry.text }];
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
