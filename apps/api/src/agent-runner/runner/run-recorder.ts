import type { AgentActionRecord } from '@app/contracts/events/agent-run.events';
import type { AgentAction } from '@app/contracts/http/conversation.types';
import { newPrefixedId } from '../../common/ids';
import type { AgentLoopEvent } from '../loop/agent-loop.types';
import type { ToolCallResult, ToolDefinition } from '../tools/tool-registry.port';
import { actionWhenCalled, actionWhenDone } from './agent-actions';
import type { RunStreamWriter } from './run-stream-writer';
import { TokenCoalescer, type TokenCoalescerOptions } from './token-coalescer';

interface LoopCall {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  readonly step: number;
}

/**
 * Turns what the agent loop reports into run stream events: coalesced tokens, then each tool call
 * (`AgentToolParamsRecorded`, whose global position becomes the action's numeric id) and its end.
 * Pending tokens are written before any tool event, so the stream keeps the model's order.
 */
export class RunRecorder {
  /** Finished actions by call id, with the ids and times their events carried. */
  readonly actions = new Map<string, AgentAction>();
  private readonly calls = new Map<string, { action: AgentActionRecord; id: number }>();
  private readonly tokens: TokenCoalescer;

  constructor(
    private readonly writer: RunStreamWriter,
    /** Numeric id of the agent message (global position of its creation). */
    private readonly agentMessageId: number,
    private readonly definitionOf: (name: string) => ToolDefinition | undefined,
    tokenOptions: TokenCoalescerOptions,
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
        return unreachable(event);
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

  private async recordCall(call: LoopCall): Promise<{ action: AgentActionRecord; id: number }> {
    const at = Date.now();
    const action = actionWhenCalled({
      sId: newPrefixedId('act'),
      callId: call.callId,
      name: call.name,
      params: call.input,
      step: call.step,
      agentMessageId: this.agentMessageId,
      definition: this.definitionOf(call.name),
      at,
    });
    const { position } = await this.writer.append({ type: 'AgentToolParamsRecorded', data: { action, at } });
    const recorded = { action, id: position };
    this.calls.set(call.callId, recorded);
    return recorded;
  }

  private async recordResult(call: LoopCall, result: ToolCallResult, durationMs: number): Promise<void> {
    // A call the model botched may reach us as a result only: record its parameters first.
    const recorded = this.calls.get(call.callId) ?? (await this.recordCall(call));
    const at = Date.now();
    const done = actionWhenDone(recorded.action, recorded.id, result, durationMs, at);
    this.actions.set(call.callId, done);
    await this.writer.append({ type: result.ok ? 'AgentActionSucceeded' : 'AgentActionFailed', data: { action: done, at } });
  }
}

function unreachable(value: never): never {
  throw new Error(`Unexpected agent loop event: ${JSON.stringify(value)}`);
}
