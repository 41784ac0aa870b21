import type { BlockedToolCall } from '@app/contracts/events/tool-approval.events';
import { needsApproval, toolApprovalKey, toolStakeOf, type ToolStakeSettings } from '@app/domain/tool-approval/tool-stake';
import {
  RunFailingToolError,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolContext,
  type ToolDefinition,
  type ToolRegistry,
} from '../tool-registry.port';
import { answerResult, questionOf } from '../questions/user-question';
import type { ToolApprovals } from './tool-approvals';

/** Nobody answered a blocked call (an approval or a question) within the configured wait: the run fails. */
export class ToolApprovalExpiredError extends RunFailingToolError {
  constructor(
    readonly toolName: string,
    question = false,
  ) {
    super('tool_approval_expired', question ? `Nobody answered the question of ${toolName} in time.` : `Nobody approved the call of ${toolName} in time.`);
    this.name = 'ToolApprovalExpiredError';
  }
}

/** What the gate needs from the run around it. */
export interface ApprovalGateOptions {
  /** The message's `skipToolsValidation`: no call waits. */
  readonly skip: boolean;
  readonly stakes: ToolStakeSettings | undefined;
  readonly timeoutMs: number;
  /** Settles once the run's claim is durable: nothing is blocked for a run another runner took. */
  readonly claimed: Promise<void>;
  /** The action sId the run records for a call (the `actionId` a person answers). */
  actionIdOf(callId: string): string;
  /** Tells the message's stream that the call waits (`tool_approve_execution`). */
  announce(blocked: BlockedToolCall, call: ToolCallRequest): Promise<void>;
  /** Records that the call waits no more, before it goes on (so a takeover never runs it twice). */
  waitEnded(callId: string): Promise<void>;
}

/** The error code of a call a person declined: its action is recorded `denied`. */
export const TOOL_EXECUTION_REJECTED = 'tool_execution_rejected';

/**
 * A registry whose calls wait, when their stake asks for it, for a person's answer: approved (or
 * always approved) calls run, rejected ones return a refusal the model reads and goes on from. A
 * call of a tool that asks the user a question always waits (`skipToolsValidation` or not), and
 * the user's answer is its result.
 */
export class ApprovalGate implements ToolRegistry {
  constructor(
    private readonly inner: ToolRegistry & { definition(name: string): ToolDefinition | undefined },
    private readonly approvals: ToolApprovals,
    private readonly options: ApprovalGateOptions,
  ) {}

  listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    return this.inner.listTools(ctx);
  }

  definition(name: string): ToolDefinition | undefined {
    return this.inner.definition(name);
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const definition = this.inner.definition(call.name);
    if (definition?.asksUser) return this.ask(call, definition, ctx, signal);
    if (definition === undefined || this.options.skip) return this.inner.callTool(call, ctx, signal);
    const tool = { name: definition.name, serverId: definition.serverId ?? null, external: definition.external, readOnly: definition.readOnly };
    const stake = toolStakeOf(tool, this.options.stakes);
    const remembered = stake !== 'never_ask' && ctx.userId !== null && (await this.approvals.alwaysApproved(ctx.workspaceId, ctx.userId, toolApprovalKey(tool)));
    if (!needsApproval(stake, remembered)) return this.inner.callTool(call, ctx, signal);
    return this.block({ ...this.blockedCall(call, definition, ctx), stake }, call, ctx, signal);
  }

  /** A question for the user: recorded and announced like a call waiting for approval; the answer is the result. */
  private async ask(call: ToolCallRequest, definition: ToolDefinition, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const question = questionOf(call.input);
    if (typeof question === 'string') return { ok: false, output: [{ type: 'text', text: question }], error: { code: 'invalid_input', message: question } };
    return this.block({ ...this.blockedCall(call, definition, ctx), stake: 'low', question }, call, ctx, signal);
  }

  private blockedCall(call: ToolCallRequest, definition: ToolDefinition, ctx: ToolContext): Omit<BlockedToolCall, 'stake'> {
    return {
      workspaceId: ctx.workspaceId,
      conversationId: ctx.conversationId,
      messageId: ctx.agentMessageId,
      userId: ctx.userId,
      actionId: this.options.actionIdOf(call.callId),
      callId: call.callId,
      toolName: definition.name,
      serverId: definition.serverId ?? null,
      serverName: definition.serverName ?? null,
      inputs: call.input,
    };
  }

  private async block(blocked: BlockedToolCall, call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    await this.options.claimed;
    await this.approvals.block(blocked);
    await this.options.announce(blocked, call);
    return this.settle(call, blocked.actionId, this.options.timeoutMs, ctx, signal);
  }

  /**
   * Settles a call that was blocked when the run's earlier runner stopped (`since`: when it blocked).
   * The answer may have come meanwhile; the wait left is what remains of the configured one.
   */
  resumeBlocked(call: ToolCallRequest, actionId: string, since: number, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const left = Math.max(0, this.options.timeoutMs - (Date.now() - since));
    return this.settle(call, actionId, left, ctx, signal);
  }

  private async settle(call: ToolCallRequest, actionId: string, timeoutMs: number, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const settlement = await this.approvals.settlement(ctx.agentMessageId, actionId, timeoutMs, signal);
    if (settlement === 'cancelled') return { ok: false, output: [], error: { code: 'tool_execution_cancelled', message: 'The run stopped.' } };
    await this.options.waitEnded(call.callId);
    if (typeof settlement === 'object') {
      // The call asked a question: its input was checked when it was asked (before or after a restart).
      const question = questionOf(call.input);
      if (typeof question === 'string') throw new Error(`The question of ${call.callId} no longer parses: ${question}`);
      return answerResult(question, settlement.question);
    }
    switch (settlement) {
      case 'approved':
      case 'always_approved':
        return this.inner.callTool(call, ctx, signal);
      case 'rejected': {
        const message = `The user declined the call of ${call.name}: do not call it again for this request.`;
        return { ok: false, output: [{ type: 'text', text: message }], error: { code: TOOL_EXECUTION_REJECTED, message } };
      }
      case 'expired':
        throw new ToolApprovalExpiredError(call.name, this.inner.definition(call.name)?.asksUser === true);
    }
  }
}
