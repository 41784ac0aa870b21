import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { ProviderMetadata } from 'ai';
import type { AgentLoopEvent, AgentLoopUsage } from '../loop/agent-loop.types';
import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';
import { toolCallWhenCalled, toolCallWhenDone } from './agent-actions';
import { RunActionIds } from './run-action-ids';
import type { RunResumeState } from '../claiming/run-resume-state';
import type { RunStreamWriter } from './run-stream-writer';
import { TokenCoalescer, type TokenCoalescerOptions } from './token-coalescer';
import { assertNever } from '@app/contracts/assert-never';
import type { AgentModelCallRecorded, ReasoningBlockMetadata } from '@app/contracts/events/agent-run.events';
import { replayedReasoningMetadata } from '../loop/run-history';

interface LoopCall {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  readonly step: number;
}

/**
 * Turns what the agent loop reports into run stream events: coalesced tokens, then each tool call
 * (`AgentToolParamsRecorded`, whose global position becomes the call's `paramsPosition`, the wire
 * action's numeric id) and its end.
 * Pending tokens are written before any tool event, so the stream keeps the model's order.
 */
export class LoopEventRecorder {
  /** Finished tool calls by call id, with the positions and times their events carried. */
  readonly toolCalls = new Map<string, AgentToolCall>();
  private readonly calls = new Map<string, { call: AgentToolCall; paramsPosition: number }>();
  private readonly tokens: TokenCoalescer;
  private usageSoFar: AgentLoopUsage = { inputTokens: 0, outputTokens: 0 };
  private readonly reasoningSoFar: ReasoningBlockMetadata[] = [];
  /** Index in reasoningSoFar of each block of this runner, by step and the provider's block id. */
  private readonly reasoningBlocks = new Map<string, number>();

  constructor(
    private readonly writer: RunStreamWriter,
    /** Numeric id of the agent message (global position of its creation). */
    private readonly messagePosition: number,
    private readonly definitionOf: (name: string) => ToolDefinition | undefined,
    tokenOptions: TokenCoalescerOptions,
    private readonly actionIds: RunActionIds = new RunActionIds(),
    /** The cost ledger's entry for a finished model call; none when the run is not priced. */
    private readonly modelCallOf?: (step: number, usage: AgentLoopUsage) => AgentModelCallRecorded,
  ) {
    this.tokens = new TokenCoalescer(async (batch) => {
      await this.writer.appendUrgently({ type: 'AgentTokensGenerated', data: { ...batch, at: Date.now() } });
    }, tokenOptions);
  }

  /** The agent loop's sink. */
  readonly sink = async (event: AgentLoopEvent): Promise<void> => {
    switch (event.kind) {
      case 'text-delta':
        return this.tokens.push(event.text, 'tokens', event.step);
      case 'reasoning-delta':
        return this.tokens.push(event.text, 'chain_of_thought', event.step);
      case 'tool-call':
        await this.tokens.flush();
        await this.recordCall(event);
        return;
      case 'tool-result':
        await this.tokens.flush();
        return this.recordResult(event, event.result, event.durationMs);
      case 'reasoning-metadata':
        return this.keepReasoningMetadata(event.step, event.blockId, event.providerMetadata);
      case 'step-finished':
        this.usageSoFar = addUsage(this.usageSoFar, event.usage);
        if (this.modelCallOf) {
          // Recorded as the step ends, so the ledger counts a run still in progress.
          await this.tokens.flush();
          await this.writer.append(this.modelCallOf(event.step, event.usage));
        }
        return;
      default:
        return assertNever(event);
    }
  };

  /** The provider's data on the run's reasoning blocks so far, that a takeover sends back (earlier runners' included). */
  get reasoning(): readonly ReasoningBlockMetadata[] {
    return this.reasoningSoFar;
  }

  /** Usage of the model calls finished so far (those of earlier runners included). */
  get usage(): AgentLoopUsage {
    return this.usageSoFar;
  }

  /** Takes in what earlier runners of the run recorded: its calls keep their ids and positions. */
  restore(state: RunResumeState): void {
    for (const recorded of state.calls) {
      this.actionIds.restore(recorded.call.callId, recorded.call.sId);
      this.calls.set(recorded.call.callId, recorded);
    }
    for (const call of state.finished) this.toolCalls.set(call.callId, call);
    // A blocked call is answered under the action id its approval request showed.
    for (const call of state.pending) if (call.wait?.kind === 'approval') this.actionIds.restore(call.callId, call.wait.actionId);
    this.usageSoFar = state.usage;
    this.reasoningSoFar.push(...state.reasoning);
  }

  /** Writes the tokens still pending. */
  flush(): Promise<void> {
    return this.tokens.flush();
  }

  /** Forgets pending tokens (the run ends without recording them). */
  discard(): void {
    this.tokens.discard();
  }

  /** Keeps what a takeover must send back with a reasoning block, merging what the block says in pieces. */
  private keepReasoningMetadata(step: number, blockId: string, providerMetadata: ProviderMetadata): void {
    const kept = replayedReasoningMetadata(providerMetadata);
    if (kept === undefined) return;
    const key = `${step}:${blockId}`;
    const index = this.reasoningBlocks.get(key);
    if (index === undefined) {
      this.reasoningBlocks.set(key, this.reasoningSoFar.length);
      this.reasoningSoFar.push({ step, providerMetadata: kept });
      return;
    }
    const merged = { ...this.reasoningSoFar[index].providerMetadata };
    for (const [provider, data] of Object.entries(kept)) merged[provider] = { ...merged[provider], ...data };
    this.reasoningSoFar[index] = { step, providerMetadata: merged };
  }

  private async recordCall(loopCall: LoopCall): Promise<{ call: AgentToolCall; paramsPosition: number }> {
    const at = Date.now();
    const call = toolCallWhenCalled({
      sId: this.actionIds.of(loopCall.callId),
      callId: loopCall.callId,
      name: loopCall.name,
      params: loopCall.input,
      step: loopCall.step,
      definition: this.definitionOf(loopCall.name),
      at,
    });
    const data = { call, messagePosition: this.messagePosition, at };
    const { position } = await this.writer.append({ type: 'AgentToolParamsRecorded', data });
    const recorded = { call, paramsPosition: position };
    this.calls.set(loopCall.callId, recorded);
    return recorded;
  }

  private async recordResult(loopCall: LoopCall, result: ToolCallResult, durationMs: number): Promise<void> {
    // A call the model botched may reach us as a result only: record its parameters first.
    const recorded = this.calls.get(loopCall.callId) ?? (await this.recordCall(loopCall));
    const at = Date.now();
    const done = toolCallWhenDone(recorded.call, recorded.paramsPosition, result, durationMs, at);
    this.toolCalls.set(loopCall.callId, done);
    const type = result.ok ? 'AgentActionSucceeded' : 'AgentActionFailed';
    await this.writer.append({ type, data: { call: done, messagePosition: this.messagePosition, at } });
  }
}

function addUsage(a: AgentLoopUsage, b: AgentLoopUsage): AgentLoopUsage {
  const reasoningTokens = a.reasoningTokens === undefined && b.reasoningTokens === undefined ? undefined : (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens, ...(reasoningTokens === undefined ? {} : { reasoningTokens }) };
}
