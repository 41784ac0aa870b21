import { ConsumptionBudgets } from '../consumption/consumption-budgets';
import { Module } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { AGENT_RUNNER_OPTIONS } from './agent-runner.options';
import { AgentRunner } from './claiming/agent-runner.service';
import { RunClaims } from './claiming/run-claims';
import { ConversationCompactor } from './compaction/conversation-compactor';
import { AgentRun } from './run/agent-run';
import { LoopStep } from './run/loop-step';
import { PromptStep } from './run/prompt-step';
import { RecordStep } from './run/record-step';
import { RunContributions } from './run/run-contributions';
import { RunOutcomeRecorder } from './run/run-outcome.recorder';
import { AgentTools } from './tools/agent-tools';
import { ToolApprovals } from './tools/approval/tool-approvals';
import { UserQuestionTools } from './tools/questions/user-question-tools';
import { ToolWaits } from './tools/tool-waits';

/**
 * The agent runner (a process manager inside the api; `AGENT_RUNNER_ENABLED=false` turns it off) in
 * three parts: claiming (AgentRunner, RunClaims), the run (AgentRun: PromptStep → LoopStep →
 * RecordStep) and the tools (AgentTools, where tool sources register).
 */
@Module({
  providers: [
    { provide: AGENT_RUNNER_OPTIONS, useFactory: (config: ApiConfig) => config.agentRunner, inject: [API_CONFIG] },
    AgentRunner,
    RunClaims,
    AgentRun,
    PromptStep,
    LoopStep,
    RecordStep,
    RunOutcomeRecorder,
    AgentTools,
    ToolApprovals,
    ToolWaits,
    UserQuestionTools,
    ConversationCompactor,
    RunContributions,
    ConsumptionBudgets,
  ],
  exports: [AgentTools, AgentRunner, ConversationCompactor, ToolApprovals, ToolWaits, RunContributions],
})
export class AgentRunnerModule {}
