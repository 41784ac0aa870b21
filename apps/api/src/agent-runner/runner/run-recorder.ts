import type { AgentToolCall } from '@app/contracts/events/agent-message-facts';
import type { AgentLoopEvent } from '../loop/agent-loop.types';
import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';
import { toolCallWhenCalled, toolCallWhenDone } from './agent-actions';
import { RunActionIds } from './run-action-ids';
import type { RunStreamWriter } from './run-stream-writer';
import { TokenCoalescer, type TokenCoalescerOptions } from './token-coalescer';
import { assertNever } from '@app/contracts/assert-never';

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
export class RunRecorder {
  /** Finished tool calls by call id, with the positions and times their events carried. */
  readonly toolCalls = new Map<string, AgentToolCall>();
  private readonly calls = new Map<string, { call: AgentToolCall; paramsPosition: number }>();
  private readonly tokens: TokenCoalescer;

  constructor(
    private readonly writer: RunStreamWriter,
    /** Numeric id of the agent message (global position of its creation). */
    private readonly messagePosition: number,
    private readonly definitionOf: (name: string) => ToolDefinition | undefined,
    tokenOptions: TokenCoalescerOptions,
    private readonly actionIds: RunActionIds = new RunActionIds(),
  ) {
    this.tokens = new TokenCoalescer(async (batch) => {
      await this.writer.append({ type: 'AgentTokensGenerated', data: { ...batch, at: Date.now() } });
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
      case 'step-finished':
        return;
      default:
        return assertNever(event);
    }
  };

  /** Writes the tokens still pending. */
  flush(): Promise<void> {
    return this.tokens.flush();
  }

  /** Forgets pending tokens (the run ends without recording them). */
  discard(): void {
    this.tokens.discard();
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
