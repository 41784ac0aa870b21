import type { FinishReason, LanguageModelUsage, ProviderMetadata } from 'ai';
import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';
import type { AgentLoopAction, AgentLoopProgress, AgentLoopUsage, AgentStepContent } from './agent-loop.types';
import type { RunHistoryEntry } from './run-history';

type Item =
  | { step: number; kind: 'text'; text: string }
  | { step: number; kind: 'reasoning'; text: string; metadata: string; tokens: number }
  | { step: number; kind: 'call'; id: string; name: string; args: string };

/** Accumulates what a run produced, step by step, into the recorded shapes. */
export class RunProgress {
  private readonly items: Item[] = [];
  private readonly actions: AgentLoopAction[] = [];
  private readonly stepTexts: string[] = [];
  private readonly stepReasonings: string[] = [];
  private inputTokens = 0;
  private outputTokens = 0;
  private reasoningTokens: number | undefined;
  /** Finish reason of the last finished step. */
  lastFinishReason: FinishReason | undefined;

  constructor(private readonly provider: string) {}

  /** Number of steps started so far. */
  get steps(): number {
    return this.stepTexts.length;
  }

  /** Opens the next step and returns its 0-based index. */
  startStep(): number {
    this.stepTexts.push('');
    this.stepReasonings.push('');
    return this.stepTexts.length - 1;
  }

  /**
   * Takes in what an earlier runner of the run produced: its steps (the last one ended in tool
   * calls, or the run would not have waited), its actions and the usage of its finished steps.
   */
  replay(history: readonly RunHistoryEntry[], usage: AgentLoopUsage): void {
    for (const entry of history) {
      while (this.stepTexts.length <= entry.step) this.startStep();
      switch (entry.kind) {
        case 'text':
          this.appendText(entry.step, entry.text);
          break;
        case 'reasoning':
          this.appendReasoning(entry.step, entry.text);
          break;
        case 'call':
          this.addFunctionCall(entry.step, entry.callId, entry.name, entry.input);
          break;
        case 'result':
          this.actions.push({
            callId: entry.callId,
            name: entry.name,
            input: entry.input,
            step: entry.step,
            ok: entry.result.ok,
            output: entry.result.output,
            error: entry.result.error ?? null,
            durationMs: entry.durationMs,
            serverId: entry.serverId,
            serverName: entry.serverName,
          });
          break;
      }
    }
    this.inputTokens += usage.inputTokens;
    this.outputTokens += usage.outputTokens;
    if (usage.reasoningTokens !== undefined) this.reasoningTokens = (this.reasoningTokens ?? 0) + usage.reasoningTokens;
    if (this.steps > 0) this.lastFinishReason = 'tool-calls';
  }

  appendText(step: number, text: string): void {
    this.stepTexts[step] += text;
    const last = this.items.at(-1);
    if (last?.kind === 'text' && last.step === step) last.text += text;
    else this.items.push({ step, kind: 'text', text });
  }

  appendReasoning(step: number, text: string): void {
    this.stepReasonings[step] += text;
    const last = this.items.at(-1);
    if (last?.kind === 'reasoning' && last.step === step) last.text += text;
    else this.items.push({ step, kind: 'reasoning', text, metadata: '{}', tokens: 0 });
  }

  /** Keeps the provider's handle on the reasoning block (OpenAI item id, encrypted content…). */
  endReasoning(step: number, providerMetadata: ProviderMetadata | undefined): void {
    const last = this.items.at(-1);
    if (last?.kind === 'reasoning' && last.step === step && providerMetadata !== undefined) {
      last.metadata = JSON.stringify(providerMetadata);
    }
  }

  addFunctionCall(step: number, id: string, name: string, input: unknown): void {
    this.items.push({ step, kind: 'call', id, name, args: typeof input === 'string' ? input : JSON.stringify(input ?? {}) });
  }

  addAction(
    call: { callId: string; name: string; input: unknown; step: number },
    result: ToolCallResult,
    durationMs: number,
    definition: ToolDefinition | undefined,
  ): void {
    this.actions.push({
      ...call,
      ok: result.ok,
      output: result.output,
      error: result.error ?? null,
      durationMs,
      serverId: definition?.serverId ?? null,
      serverName: definition?.serverName ?? null,
    });
  }

  /** Closes a step: adds its usage to the totals and returns the step's own usage. */
  finishStep(step: number, usage: LanguageModelUsage, finishReason: FinishReason): AgentLoopUsage {
    const stepUsage = toUsage(usage);
    this.inputTokens += stepUsage.inputTokens;
    this.outputTokens += stepUsage.outputTokens;
    if (stepUsage.reasoningTokens !== undefined) {
      this.reasoningTokens = (this.reasoningTokens ?? 0) + stepUsage.reasoningTokens;
      const firstReasoning = this.items.find((item) => item.kind === 'reasoning' && item.step === step);
      if (firstReasoning?.kind === 'reasoning') firstReasoning.tokens = stepUsage.reasoningTokens;
    }
    this.lastFinishReason = finishReason;
    return stepUsage;
  }

  stepText(step: number): string {
    return this.stepTexts[step] ?? '';
  }

  stepReasoning(step: number): string {
    return this.stepReasonings[step] ?? '';
  }

  snapshot(): AgentLoopProgress {
    return {
      content: joinSteps(this.stepTexts),
      chainOfThought: joinSteps(this.stepReasonings),
      contents: this.items.map((item) => this.toContent(item)),
      actions: [...this.actions],
      usage: {
        inputTokens: this.inputTokens,
        outputTokens: this.outputTokens,
        ...(this.reasoningTokens === undefined ? {} : { reasoningTokens: this.reasoningTokens }),
      },
      steps: this.steps,
    };
  }

  private toContent(item: Item): AgentStepContent {
    switch (item.kind) {
      case 'text':
        return { step: item.step, content: { type: 'text_content', value: item.text } };
      case 'reasoning':
        return {
          step: item.step,
          content: {
            type: 'reasoning',
            value: { reasoning: item.text, metadata: item.metadata, tokens: item.tokens, provider: this.provider },
          },
        };
      case 'call':
        return {
          step: item.step,
          content: { type: 'function_call', value: { id: item.id, name: item.name, arguments: item.args } },
        };
    }
  }
}

function toUsage(usage: LanguageModelUsage): AgentLoopUsage {
  const reasoningTokens = usage.outputTokenDetails?.reasoningTokens;
  const cachedInputTokens = usage.inputTokenDetails?.cacheReadTokens;
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
    ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
  };
}

// Steps are separate utterances (before and after a tool call): keep them apart as paragraphs.
function joinSteps(parts: readonly string[]): string {
  return parts.filter((part) => part.length > 0).join('\n\n');
}
