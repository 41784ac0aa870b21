// The agent runner's one public entry: the rest of the api imports from here, never from the
// folders inside, so the runner can reorganise itself without touching its users.

export { AgentRunnerModule } from './agent-runner.module';
export { AgentRunner } from './claiming/agent-runner.service';
export { AGENT_RUNNER_OPTIONS } from './agent-runner.options';
export { AgentTools } from './tools/agent-tools';
export { RunHandedOverError, ToolWaits, type ToolWaitResumer } from './tools/tool-waits';
export { ToolApprovals } from './tools/approval/tool-approvals';
export { StaticToolRegistry, type StaticTool, type StaticToolHandler } from './tools/static-tool-registry';
export type * from './tools/tool-registry.port';
export { ConversationCompactor, type StartedCompaction } from './compaction/conversation-compactor';
export { RunToolListing, RunToolRoutes, uniqueToolName } from './tools/run-tool-routes';
export { RunContributions, type RunContribution, type RunContributionContext, type RunContributor, type DormantToolset } from './run/run-contributions';
