import type { AgentToolCallWait } from '@app/contracts/events/agent-run.events';
import type { AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AgentConfigurationDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import type { BlockedToolCall } from '@app/contracts/events/tool-approval.events';
import { Inject, Injectable } from '@nestjs/common';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import { RunContributions } from '../run/run-contributions';
import { ApprovalGate } from './approval/approval-gate';
import { ToolApprovals } from './approval/tool-approvals';
import { CompositeToolRegistry } from './composite-tool-registry';
import { DormantTools } from './dormant-tools';
import { RunTools } from './run-tools';
import type { ToolCallRequest, ToolContext, ToolRegistry } from './tool-registry.port';
import { ToolWaits } from './tool-waits';

/** What a run tells the tools entry about itself. */
export interface RunToolsSetup {
  /** Who the tools run for; the toolset is the entry's to fill in, from `agent`. */
  readonly context: Omit<ToolContext, 'toolset'>;
  /** The agent as the message recorded it: its toolset and tool stakes. */
  readonly agent: AgentSnapshot;
  /** The message's `skipToolsValidation`: no call waits for approval. */
  readonly skipApproval: boolean;
  /** Settles once the run's claim is durable: nothing is blocked or resumed before. */
  readonly claimed: Promise<void>;
  /** The action sId the run records for a call (the `actionId` a person answers). */
  actionIdOf(callId: string): string;
  /** Records on the run stream that a call waits (an approval, with the request before it; or a client-side result). */
  recordWait(call: ToolCallRequest, wait: AgentToolCallWait, approvalRequested?: BlockedToolCall): Promise<void>;
  /** Records that a call waits no more, before it goes on (so a takeover never runs it twice). */
  waitEnded(callId: string): Promise<void>;
}

/**
 * The one entry to the tools agents call. Tool sources (data source search, table queries,
 * client-side and remote MCP servers) `register` here once at startup; a run asks `forRun` for its
 * tools: every source's offer for that run as one registry, behind the approval gate, with the
 * waits of client-side calls reported to the run and resumable after a takeover.
 */
@Injectable()
export class AgentTools {
  private readonly sources: ToolRegistry[] = [];

  constructor(
    private readonly approvals: ToolApprovals,
    private readonly waits: ToolWaits,
    private readonly readModels: ReadModels,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
    private readonly contributions: RunContributions,
  ) {}

  /** Adds a tool source for every later run; returns a function that removes it. */
  register(source: ToolRegistry): () => void {
    this.sources.push(source);
    return () => {
      const index = this.sources.indexOf(source);
      if (index >= 0) this.sources.splice(index, 1);
    };
  }

  /** The sources registered now, as one registry (the first registered wins a name two offer). */
  offered(): CompositeToolRegistry {
    return new CompositeToolRegistry([...this.sources]);
  }

  /**
   * The tools of one run; the agent's toolset is read here, once, with what features add to it
   * (enabled skills), and what they may add midway (the skills the agent may enable), listed but
   * held back from the model until a call unlocks them.
   */
  async forRun(run: RunToolsSetup): Promise<RunTools> {
    const own = run.agent.toolset ?? (await this.currentToolset(run.context.workspaceId, run.agent.sId));
    const added = await this.contributions.of(run.context);
    const active = [...new Set([...own, ...added.toolset])];
    const dormant = added.dormant ?? [];
    const context: ToolContext = { ...run.context, toolset: DormantTools.toolsetOf(active, dormant) };
    const gate = new ApprovalGate(this.offered(), this.approvals, {
      skip: run.skipApproval,
      stakes: run.agent.toolStakes,
      timeoutMs: this.options.approvalTimeoutMs,
      claimed: run.claimed,
      actionIdOf: run.actionIdOf,
      announce: (blocked, call) => run.recordWait(call, { kind: 'approval', actionId: blocked.actionId }, blocked),
      waitEnded: run.waitEnded,
    });
    const marker = new DormantTools(dormant, active, (ctx) => this.offered().listTools(ctx));
    return new RunTools(context, gate, this.waits, run.claimed, (call, wait) => run.recordWait(call, wait), marker);
  }

  /** A message recorded before snapshots carried the toolset runs with the agent's current one. */
  private async currentToolset(workspaceId: string, agentId: string): Promise<readonly string[]> {
    const agent = await this.readModels.get<AgentConfigurationDocument>('agentConfigurations', agentId);
    return agent && agent.workspaceId === workspaceId ? agent.configuration.toolset : [];
  }
}
