import { Module } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { AGENT_RUNNER_OPTIONS } from './agent-runner.options';
import { AgentRunExecutor } from './run/agent-run.executor';
import { AgentRunner } from './claiming/agent-runner.service';
import { RunOutcomeRecorder } from './run/run-outcome.recorder';
import { AgentToolSources } from './tools/agent-tool-sources';
import { ConversationCompactor } from './compaction/conversation-compactor';
import { ToolApprovals } from './tools/approval/tool-approvals';
import { ToolWaits } from './tools/tool-waits';

/**
 * The agent runner (a process manager inside the api; `AGENT_RUNNER_ENABLED=false` turns it off)
 * and the tool sources it offers to agents, where tool providers register.
 */
@Module({
  providers: [
    { provide: AGENT_RUNNER_OPTIONS, useFactory: (config: ApiConfig) => config.agentRunner, inject: [API_CONFIG] },
    AgentToolSources,
    RunOutcomeRecorder,
    AgentRunExecutor,
    AgentRunner,
    ConversationCompactor,
    ToolApprovals,
    ToolWaits,
  ],
  exports: [AgentToolSources, AgentRunner, ConversationCompactor, ToolApprovals, ToolWaits],
})
export class AgentRunnerModule {}
