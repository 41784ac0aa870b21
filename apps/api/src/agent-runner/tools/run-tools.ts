import type { AgentToolCallWait } from '@app/contracts/events/agent-run.events';
import type { ApprovalGate } from './approval/approval-gate';
import { DormantTools } from './dormant-tools';
import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolRegistry } from './tool-registry.port';
import type { ToolWaitRecorder, ToolWaits } from './tool-waits';

/**
 * The tools of one run, from AgentTools: what every source offers the run behind the approval
 * gate, the run's ToolContext (the agent's toolset read once), and the waits of its calls.
 */
export class RunTools implements ToolRegistry {
  constructor(
    readonly context: ToolContext,
    private readonly gate: ApprovalGate,
    private readonly waits: ToolWaits,
    /** Settles once the run's claim is durable. */
    readonly claimed: Promise<void>,
    private readonly recordWait: ToolWaitRecorder,
    private readonly dormant: DormantTools,
  ) {}

  /** Every tool the run may call, those its dormant toolsets bring marked `unlockedBy`. */
  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    // The run's own listing goes last: the routes its calls take are those of the last listing.
    const keysByName = await this.dormant.keysByName(ctx);
    return DormantTools.mark(await this.gate.listTools(ctx), keysByName);
  }

  callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    return this.gate.callTool(call, ctx, signal);
  }

  /** The definition the model was offered under this name. */
  definition(name: string): ToolDefinition | undefined {
    return this.gate.definition(name);
  }

  /** Calls that wait outside the process (a client-side MCP result) report their wait to this run until the returned function is called. */
  trackWaits(): () => void {
    return this.waits.track(this.context.agentMessageId, this.recordWait);
  }

  /** Settles a call that was blocked for approval when the run's earlier runner stopped (`since`: when it blocked). */
  resumeBlocked(call: ToolCallRequest, actionId: string, since: number, signal: AbortSignal): Promise<ToolCallResult> {
    return this.gate.resumeBlocked(call, actionId, since, this.context, signal);
  }

  /** Obtains the result of a call whose outside wait began in a runner that has stopped. */
  resumeWait(wait: AgentToolCallWait, since: number, signal: AbortSignal): Promise<ToolCallResult> {
    return this.waits.resume(wait, since, signal);
  }
}
